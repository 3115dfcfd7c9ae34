#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre"
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"MK_ALLOWREASON"}}'; echo MK_STDERR >&2; exit 2
