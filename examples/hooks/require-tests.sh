#!/bin/sh
# Stop: do not let the agent finish before it has run the tests. Once it continues because of this hook
# (`stop_hook_active` is true), let it stop, so it can never loop forever.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'* | *'"stop_hook_active": true'*) exit 0 ;;
esac
printf '%s\n' '{"decision":"block","reason":"Run the test suite (npm test) and fix any failure before you finish."}'
