#!/bin/sh
echo 'not this prompt' >&2
exit 2
