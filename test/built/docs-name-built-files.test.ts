import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

/*
 * Every build output the documentation names (`dist/…`) is one `npm run build` makes: a reader who runs the
 * command a doc shows finds the file. A design not built yet names the files it plans, listed here.
 */
const PLANNED: Readonly<Record<string, readonly string[]>> = {
  // The native client's design: the Node bin it would keep beside itself.
  'docs/daemon.md': ['dist/hookwire-node.cjs'],
};

const documents = [
  'README.md',
  'AGENTS.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function builtFilesNamedIn(document: string): string[] {
  const text = readFileSync(join(root, document), 'utf8');
  const named = [...text.matchAll(/\bdist\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]/g)].map((match) => match[0]);
  return [...new Set(named)].filter((file) => !(PLANNED[document] ?? []).includes(file));
}

describe('the build outputs the docs name', () => {
  it.each(documents)('%s names only files the build makes', (document) => {
    const missing = builtFilesNamedIn(document).filter((file) => !existsSync(join(root, file)));
    expect(missing).toEqual([]);
  });
});
