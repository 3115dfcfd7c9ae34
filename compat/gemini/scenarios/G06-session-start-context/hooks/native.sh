#!/bin/bash
cat >/dev/null
echo '{"hookSpecificOutput":{"additionalContext":"CONTEXT-from-session-start"}}'
