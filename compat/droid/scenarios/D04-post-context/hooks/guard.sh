#!/bin/bash
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"CONTEXT-after-tool"}}'
