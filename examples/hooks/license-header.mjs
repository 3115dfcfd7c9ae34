#!/usr/bin/env node
// PreToolUse(Write): new TypeScript and JavaScript files get the project's licence header. The rewritten
// call goes back as `updatedInput`, which replaces the whole tool input.
const HEADER = '// SPDX-License-Identifier: MIT\n';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const { tool_input: input } = JSON.parse(text);
const isSource = /\.(ts|tsx|js|mjs)$/.test(input?.file_path ?? '');
if (isSource && typeof input.content === 'string' && !input.content.startsWith(HEADER)) {
  const answer = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      updatedInput: { ...input, content: HEADER + input.content },
      additionalContext: `Added the licence header to ${input.file_path}.`,
    },
  };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
