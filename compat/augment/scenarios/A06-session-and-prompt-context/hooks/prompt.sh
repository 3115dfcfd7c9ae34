#!/bin/bash
echo 'the prompt was seen by a hook'
