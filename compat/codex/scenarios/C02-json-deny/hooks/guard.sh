#!/bin/bash
cat >/dev/null
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "REASON-json-deny"}}
J
