#!/bin/sh
cat >/dev/null
echo 'REASON-no-shell-here' >&2
exit 2
