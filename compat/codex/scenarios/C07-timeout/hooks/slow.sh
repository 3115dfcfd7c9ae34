#!/bin/bash
cat >/dev/null
sleep 4
echo 'too late' >&2
exit 2
