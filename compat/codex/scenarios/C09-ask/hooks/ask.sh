#!/bin/bash
cat >/dev/null
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "REASON-confirm"}}
J
