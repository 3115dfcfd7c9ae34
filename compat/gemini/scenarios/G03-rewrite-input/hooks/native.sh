#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"tool_input":{"command":"echo rewritten > {{WORK}}/ran.txt"}}}'
