#!/bin/bash
echo 'rm is not allowed here' >&2
exit 2
