#!/bin/sh
# SessionStart: tell the model where it is. Plain stdout on SessionStart becomes context.
cat >/dev/null
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo "none")
printf 'Project %s, git branch %s. Tests: npm test.\n' "$(basename "$PWD")" "$branch"
