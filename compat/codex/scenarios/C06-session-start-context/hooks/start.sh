#!/bin/bash
cat >/dev/null
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "CTX-session-start"}}
J
