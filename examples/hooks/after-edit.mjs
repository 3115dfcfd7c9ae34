#!/usr/bin/env node
// PostToolUse(Write|Edit): point the model at the test that covers the file it just changed.
let text = '';
for await (const chunk of process.stdin) text += chunk;
const { tool_input: input } = JSON.parse(text);
const file = String(input?.file_path ?? '');
const name =
  file
    .split('/')
    .pop()
    ?.replace(/\.[^.]+$/, '') ?? file;
const answer = {
  hookSpecificOutput: {
    hookEventName: 'PostToolUse',
    additionalContext: `${file} changed: run \`npm test -- ${name}\` before you finish.`,
  },
};
process.stdout.write(`${JSON.stringify(answer)}\n`);
