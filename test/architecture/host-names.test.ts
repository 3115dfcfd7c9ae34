import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registeredHosts } from '../../src/hosts/registry.js';

/*
 * A host lives in its folder under src/hosts/ and its registry row (AGENTS.md, "Adding a host"): no code
 * outside src/hosts/ names one. Comments may (they say why), and so may the catalogue's rows of the events
 * only some hosts send. Two names are left out of the search, each for a reason of its own: Claude Code's
 * protocol is the catalogue's own (`CLAUDE_PROJECT_DIR`, `.claude/`), and Deep Agents is also a front end
 * (src/deepagents/, the `hookwire/deepagents` entry) and a family of catalogue events.
 */
const source = fileURLToPath(new URL('../../src/', import.meta.url));
const CATALOGUE_OWN = new Set(['claude-code', 'deepagents', 'deepagents-legacy']);

/** The catalogue's rows and their descriptions, which may name the host an event comes from. */
const CATALOGUE = ['events/catalogue.ts', 'events/event-spec.ts', 'read/specific-fields.ts'];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/**
 * The text of a file with its comments blanked (strings and code kept), and the one word a host shares with
 * CSS blanked too: the timeline page's `cursor: pointer;` is a mouse pointer, not Cursor the agent.
 */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:"'`\\])\/\/[^\n]*/g, '$1')
    .replace(/\bcursor: [a-z-]+;/g, '');
}

describe('host names in src/ outside src/hosts/', () => {
  const names = registeredHosts()
    .filter((host) => !CATALOGUE_OWN.has(host.name))
    .flatMap((host) => [host.name, ...host.aliases]);
  const pattern = new RegExp(`\\b(?:${names.join('|')})`, 'i');
  const files = filesUnder(source)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => relative(source, file))
    .filter((file) => !file.startsWith('hosts/'));

  it('appear only in comments and the catalogue', () => {
    const naming = files.filter((file) =>
      codeOf(readFileSync(join(source, file), 'utf8'))
        .split('\n')
        .some((line) => pattern.test(line)),
    );
    expect(naming.filter((file) => !CATALOGUE.includes(file))).toEqual([]);
  });

  it('negative control: a line of code naming a host is found', () => {
    expect(pattern.test(codeOf("if (host === 'gemini') {}\n"))).toBe(true);
    expect(pattern.test(codeOf('// gemini, in a comment\n'))).toBe(false);
    expect(pattern.test(codeOf('  cursor: pointer; padding: 1px 0; }\n'))).toBe(false);
    expect(pattern.test(codeOf("if (host === 'cursor') {}\n"))).toBe(true);
  });
});
