#!/bin/bash
cat >/dev/null
echo 'segfault' >&2
exit 1
