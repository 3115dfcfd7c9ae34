#!/bin/sh
echo 'boom' >&2
exit 1
