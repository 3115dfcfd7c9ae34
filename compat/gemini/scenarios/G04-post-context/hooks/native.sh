#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"additionalContext":"CONTEXT-after-the-tool"}}'
