#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "pre-skill"
echo '{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"allow","updatedInput":{"command":"echo changed-MK_CHANGED >> @@OUT@@/tool-ran.txt"}}}'
