#!/bin/sh
echo 'the prompt was seen by a hook'
