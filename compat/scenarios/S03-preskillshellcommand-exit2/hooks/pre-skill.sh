#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre-skill"
echo "MK_SKILLSTDERR refused" >&2; exit 2
