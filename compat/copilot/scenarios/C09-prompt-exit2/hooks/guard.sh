#!/bin/bash
echo 'not this prompt' >&2
exit 2
