/*
 * `npm run generate`: writes every generated file (docs/events.md, schema/*.json) from the code.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated-files.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

for (const file of generatedFiles) {
  const target = join(root, file.path);
  const content = file.render();
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) continue;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  process.stdout.write(`wrote ${file.path}\n`);
}
