#!/bin/bash
cat >/dev/null
echo '{"decision":"deny","reason":"REASON-json-deny"}'
