#!/bin/sh
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"the project uses tabs"}}'
