#!/bin/sh
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"CONTEXT-after-tool"}}'
