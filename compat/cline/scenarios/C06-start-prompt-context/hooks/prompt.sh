#!/bin/bash
cat >/dev/null
echo UserPromptSubmit >> {{WORK}}/events.txt
echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"PROMPT-CONTEXT"}}'
