#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "post"
echo "started $(date +%s%3N)" >> @@OUT@@/post-hook.txt
sleep 45
echo "finished $(date +%s%3N)" >> @@OUT@@/post-hook.txt
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"MK_HELDCONTEXT"}}'
