#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"additionalContext":"CONTEXT-from-session-start"}}'
