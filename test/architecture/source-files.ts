import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** src/, the tree the architecture tests read. */
export const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every TypeScript file under `directory`, as absolute paths. */
export function typeScriptFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return typeScriptFilesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A relative import of any kind: `from '...'`, `import('...')`, `import '...'`. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

/** The absolute paths `file` imports relatively (type-only imports too), as written (`.js`). */
export function relativeImportsOf(file: string): string[] {
  return relativeImportsIn(readFileSync(file, 'utf8'), dirname(file));
}

/** The same for the text of a file in `directory`. */
export function relativeImportsIn(text: string, directory: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => resolve(directory, match[1] as string));
}
