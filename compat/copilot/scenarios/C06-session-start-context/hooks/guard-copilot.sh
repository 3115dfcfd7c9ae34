#!/bin/sh
echo '{"additionalContext":"CONTEXT-session"}'
