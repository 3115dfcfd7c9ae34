#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
exit 0
