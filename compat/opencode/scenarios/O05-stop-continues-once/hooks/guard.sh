#!/bin/bash
input=$(cat)
case "$input" in *'"stop_hook_active":true'*) exit 0;; esac
echo Stop >> {{WORK}}/stop.txt
echo '{"decision":"block","reason":"REASON-run-the-tests"}'
