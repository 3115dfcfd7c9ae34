#!/bin/bash
cat >/dev/null
echo '{"hookSpecificOutput":{"additionalContext":"CONTEXT-after-the-tool"}}'
