#!/bin/sh
# UserPromptSubmit: remind the model of the house rules, as JSON additionalContext.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"House rules: small commits, tests for every change, no network in tests."}}'
