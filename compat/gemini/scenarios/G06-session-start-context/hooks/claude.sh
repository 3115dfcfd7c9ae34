#!/bin/bash
cat >/dev/null
echo CONTEXT-from-session-start
