#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin deny
printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"MK_DENY no rm"}}'
