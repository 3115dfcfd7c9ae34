#!/bin/bash
cat >/dev/null
echo '{"hookSpecificOutput":{"tool_input":{"command":"echo rewritten > {{WORK}}/ran.txt"}}}'
