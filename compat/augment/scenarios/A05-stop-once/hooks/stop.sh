#!/bin/bash
# Blocks the first stop only (Claude Code's shape): a marker file says it has blocked.
if [ -e {{WORK}}/stopped-once ]; then exit 0; fi
touch {{WORK}}/stopped-once
echo '{"decision":"block","reason":"run the tests first"}'
