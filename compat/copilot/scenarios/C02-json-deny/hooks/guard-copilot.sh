#!/bin/sh
echo '{"permissionDecision":"deny","permissionDecisionReason":"REASON-json"}'
