#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
echo MK_STDOUT_ONLY
exit 1
