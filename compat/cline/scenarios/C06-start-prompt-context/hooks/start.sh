#!/bin/bash
cat >/dev/null
echo SessionStart >> {{WORK}}/events.txt
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"START-CONTEXT"}}'
