#!/bin/sh
# PreToolUse(Bash): refuse commands that destroy the machine or the repository. Exit 2 blocks the call and
# sends stderr to the model, in Claude Code and in hookwire alike. Plain sh, no jq: the payload is compact
# JSON, so the command is the "command" string of tool_input.
input=$(cat)
command=$(printf '%s' "$input" | sed -n 's/.*"command":"\(\([^"\\]\|\\.\)*\)".*/\1/p')
case "$command" in
  "rm -rf /" | "rm -rf / "* | *" rm -rf /" | *"rm -rf ~"* | *"rm -rf *"* | *"git push --force"* | *"mkfs"*)
    echo "Refusing a destructive command: $command. Delete specific paths inside the project instead." >&2
    exit 2
    ;;
esac
exit 0
