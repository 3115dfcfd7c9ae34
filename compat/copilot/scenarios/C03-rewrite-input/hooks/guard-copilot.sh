#!/bin/bash
echo '{"permissionDecision":"allow","modifiedArgs":{"command":"echo rewritten > {{WORK}}/ran.txt"}}'
