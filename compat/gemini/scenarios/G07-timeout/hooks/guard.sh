#!/bin/bash
cat >/dev/null
sleep 5
echo '{"decision":"deny","reason":"too late"}'
