#!/bin/bash
echo '{"additionalContext":"CONTEXT-session"}'
