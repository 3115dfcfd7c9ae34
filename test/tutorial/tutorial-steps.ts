import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The `sh` blocks of docs/tutorial.md, in order: what the tutorial tells the reader to run. */
export function tutorialShellBlocks(): string[] {
  const text = readFileSync(new URL('../../docs/tutorial.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);
}

/** The `ts` blocks of docs/tutorial.md, in order. */
export function tutorialTypeScriptBlocks(): string[] {
  const text = readFileSync(new URL('../../docs/tutorial.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);
}
