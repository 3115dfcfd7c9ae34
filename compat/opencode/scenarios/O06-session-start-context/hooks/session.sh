#!/bin/sh
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CONTEXT-session"}}'
