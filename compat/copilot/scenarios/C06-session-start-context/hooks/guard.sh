#!/bin/bash
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CONTEXT-session"}}'
