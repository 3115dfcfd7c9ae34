#!/bin/sh
# PreToolUse(Bash): refuse commands that destroy the machine or the repository. Exit 2 blocks the call and
# sends stderr to the model, in Claude Code and in hookwire alike.
input=$(cat)
command=$(printf '%s' "$input" | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => process.stdout.write(String(JSON.parse(text).tool_input?.command ?? "")));
')
case "$command" in
  *"rm -rf /"|*"rm -rf / "*|*"rm -rf ~"*|*"rm -rf *"*|*"git push --force"*|*"mkfs"*|*"dd if="*)
    echo "Refusing a destructive command: $command. Delete specific paths inside the project instead." >&2
    exit 2
    ;;
esac
exit 0
