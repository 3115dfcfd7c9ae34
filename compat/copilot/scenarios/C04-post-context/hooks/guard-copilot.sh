#!/bin/bash
echo '{"additionalContext":"CONTEXT-after-tool"}'
