#!/bin/sh
echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"CONTEXT-prompt"}}'
