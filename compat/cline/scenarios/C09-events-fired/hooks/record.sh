#!/bin/bash
cat >/dev/null
echo "$1" >> {{WORK}}/events.txt
