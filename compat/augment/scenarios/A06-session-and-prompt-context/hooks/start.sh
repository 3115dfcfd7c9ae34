#!/bin/bash
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"the project uses tabs"}}'
