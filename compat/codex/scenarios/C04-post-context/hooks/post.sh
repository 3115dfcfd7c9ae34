#!/bin/bash
cat >/dev/null
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CTX-after-tool"}}
J
