#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
echo MK_STDERR_LINE1 >&2; echo MK_STDERR_LINE2 >&2; exit 1
