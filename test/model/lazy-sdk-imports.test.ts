import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Every module reached from `entry` through static value imports (type-only imports and `await import()`
 * are skipped): what loading that entry really loads.
 */
function staticImportGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.join(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)';/gms)) {
      const [, typeOnly, specifier] = match;
      if (typeOnly !== undefined || specifier === undefined) continue;
      if (specifier.startsWith('.'))
        pending.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

describe('model SDKs stay off the hot path', () => {
  it.each(['src/run/runners.ts', 'src/engine/create-engine.ts'])(
    '%s does not load them statically',
    (entry) => {
      const graph = staticImportGraph(entry);
      expect(
        [...graph.packages].filter((name) => name === 'openai' || name.startsWith('@anthropic-ai/')),
      ).toEqual([]);
      const modelFiles = [...graph.files].filter((file) => file.includes(`${path.sep}model${path.sep}`));
      expect(modelFiles.map((file) => path.relative(root, file))).toEqual([]);
    },
  );

  it.each(['src/run/prompt-runner.ts', 'src/run/agent-runner.ts'])(
    '%s imports them only on demand',
    (entry) => {
      const graph = staticImportGraph(entry);
      expect(
        [...graph.packages].filter((name) => name === 'openai' || name.startsWith('@anthropic-ai/')),
      ).toEqual([]);
    },
  );
});
