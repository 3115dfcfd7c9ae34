#!/bin/sh
cat >/dev/null
echo CONTEXT-from-session-start
