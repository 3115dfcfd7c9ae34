#!/bin/sh
echo '{"additionalContext":"CONTEXT-after-tool"}'
