#!/bin/bash
cat >/dev/null
sleep 3
echo 'too late' >&2
exit 2
