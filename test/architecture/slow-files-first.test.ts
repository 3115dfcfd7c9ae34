import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES } from '../support/slow-files-first.js';

const root = join(import.meta.dirname, '..', '..');

describe('the files vitest starts first (test/support/slow-files-first.ts)', () => {
  it('are test files that exist, listed longest first', () => {
    expect(SLOW_FILES.filter(([file]) => !existsSync(join(root, file)))).toEqual([]);
    expect(SLOW_FILES.every(([file]) => file.endsWith('.test.ts'))).toBe(true);
    const seconds = SLOW_FILES.map(([, time]) => time);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });
});
