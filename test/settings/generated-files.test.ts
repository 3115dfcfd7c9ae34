import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/generated-files.js';

const root = join(import.meta.dirname, '..', '..');

describe('generated files', () => {
  it.each(generatedFiles.map((file) => [file.path, file] as const))('%s matches the code', (path, file) => {
    let committed: string | undefined;
    try {
      committed = readFileSync(join(root, path), 'utf8');
    } catch {
      committed = undefined;
    }
    expect(committed, `${path} is stale: run npm run generate`).toBe(file.render());
  });
});
