#!/bin/bash
sleep 5
echo 'too late' >&2
exit 2
