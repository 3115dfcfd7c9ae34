#!/bin/bash
cat >/dev/null
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo rewritten > {{WORK}}/ran.txt"}}}
J
