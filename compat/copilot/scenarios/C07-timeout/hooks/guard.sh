#!/bin/bash
sleep 5
echo '{"permissionDecision":"deny","permissionDecisionReason":"too late"}'
