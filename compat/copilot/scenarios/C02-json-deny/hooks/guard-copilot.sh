#!/bin/bash
echo '{"permissionDecision":"deny","permissionDecisionReason":"REASON-json"}'
