import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredHosts } from '../../src/hosts/registry.js';
import { relativeImportsIn, relativeImportsOf, SOURCE, typeScriptFilesUnder } from './source-files.js';

/*
 * A host lives in its folder under src/hosts/ and its registry row (AGENTS.md, "Adding a host"): no code
 * outside src/hosts/ names one. Comments may (they say why), and so may the catalogue's rows of the events
 * only some hosts send. Left out of the search, each for a reason of its own: Claude Code's names, its
 * protocol being the catalogue's own (`CLAUDE_PROJECT_DIR`, `.claude/`, `claudeSettingsSchema`), and the
 * one word `deepagents`, which is also catalogue and settings vocabulary, published: the family of the
 * legacy hooks.json's events, the settings source of `~/.deepagents/hooks.json`, `hookwire schema
 * deepagents`, the adapters' `toolNames: 'deepagents'`. The Deep Agents hosts' other names are searched.
 */
const source = SOURCE;
const CATALOGUE_OWN_HOST = 'claude-code';
const CATALOGUE_WORD = 'deepagents';

/**
 * The catalogue's rows and their descriptions, which may name the host an event comes from; and the
 * adapters' published `DEEPAGENTS_TOOL_NAMES` (`hookwire/langchain`), which re-exports the host's table.
 */
const CATALOGUE = [
  'events/catalogue.ts',
  'events/event-spec.ts',
  'read/specific-fields.ts',
  'adapters/deepagents-tool-names.ts',
];

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

/** Every source file outside src/hosts/, relative to src/. */
const files = typeScriptFilesUnder(source)
  .map((file) => relative(source, file))
  .filter((file) => !file.startsWith('hosts/'));

describe('host names in src/ outside src/hosts/', () => {
  const names = registeredHosts()
    .filter((host) => host.name !== CATALOGUE_OWN_HOST)
    .flatMap((host) => [host.name, ...host.aliases])
    .filter((name) => name !== CATALOGUE_WORD);
  const pattern = new RegExp(`\\b(?:${names.join('|')})`, 'i');

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
    expect(pattern.test(codeOf("commands['deepagents-legacy'] = x;\n"))).toBe(true);
    expect(pattern.test(codeOf("hostNamed('deep-agents');\n"))).toBe(true);
    expect(pattern.test(codeOf("level: 'deepagents',\n"))).toBe(false);
  });
});

/*
 * Outside src/hosts/, a host's own folder is reached through its registry row (`hostNamed`, `Host.install`,
 * `Host.trust`, `Host.commands`), never imported: but for Claude Code's (the catalogue's own protocol, which
 * `doctor` and `trust` read the backups of), the package's entries that publish a host's modules
 * (`hookwire` exports the Deep Agents dispatcher and converters, `hookwire/host` the catalogue-named events),
 * and the adapters' published Deep Agents tool names.
 */
const IMPORTERS_OF_A_HOST_FOLDER = ['index.ts', 'host.ts', 'adapters/deepagents-tool-names.ts'];

/** The host folders a file imports from, other than Claude Code's. */
function hostFoldersImportedBy(file: string): string[] {
  return relativeImportsOf(join(source, file))
    .map((target) => relative(source, target))
    .filter((target) => /^hosts\/[^/]+\//.test(target) && !target.startsWith(`hosts/${CATALOGUE_OWN_HOST}/`));
}

describe("a host's folder, from outside src/hosts/", () => {
  it('is imported only by the package entries', () => {
    const importing = files.flatMap((file) =>
      IMPORTERS_OF_A_HOST_FOLDER.includes(file)
        ? []
        : hostFoldersImportedBy(file).map((target) => `${file} imports ${target}`),
    );
    expect(importing).toEqual([]);
  });

  it('negative control: an import of a host module is seen', () => {
    const text = "import { x } from '../../hosts/gemini/gemini-events.js';\n";
    const [target] = relativeImportsIn(text, join(source, 'cli/commands'));
    expect(relative(source, target as string)).toBe('hosts/gemini/gemini-events.js');
  });
});
