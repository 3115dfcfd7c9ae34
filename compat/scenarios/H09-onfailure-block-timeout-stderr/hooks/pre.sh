#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
echo MK_STDERR_BEFORE_HANG >&2
sleep 30
