#!/bin/bash
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"the file is generated; do not edit it"}}'
