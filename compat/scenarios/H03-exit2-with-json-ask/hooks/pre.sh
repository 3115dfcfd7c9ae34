#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"MK_ASKREASON"}}'; echo MK_STDERR >&2; exit 2
