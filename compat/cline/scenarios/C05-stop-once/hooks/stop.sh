#!/bin/bash
cat >/dev/null
echo ran >> {{WORK}}/stop.txt
echo '{"decision":"block","reason":"run the tests first"}'
