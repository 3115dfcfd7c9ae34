import { compileIfRule } from '../src/select/if-rule.js';
import { loadShellParser } from '../src/select/shell-parser.js';

const rule = compileIfRule('Bash(rm *)');
const call = (command: string) => ({ toolName: 'Bash', toolInput: { command }, cwd: '/p', projectDir: '/p' });
const t0 = performance.now();
await loadShellParser();
const t1 = performance.now();
rule.test(call('ls -la && FOO=1 echo "$(rm -rf x)" | wc -l'));
const t2 = performance.now();
const n = 200;
for (let i = 0; i < n; i++)
  rule.test(call(`ls -la && FOO=${i} echo "$(rm -rf x)" | wc -l; (cd a; \`git status\`)`));
const t3 = performance.now();
console.log(
  `load ${(t1 - t0).toFixed(1)} ms, first test ${(t2 - t1).toFixed(2)} ms, then ${((t3 - t2) / n).toFixed(3)} ms per test`,
);
