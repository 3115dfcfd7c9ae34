#!/bin/sh
cat > /dev/null
echo "$1" >> {{WORK}}/ran.txt
