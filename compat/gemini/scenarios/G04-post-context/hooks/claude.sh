#!/bin/bash
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"CONTEXT-after-the-tool"}}'
