#!/bin/bash
echo 'boom' >&2
exit 1
