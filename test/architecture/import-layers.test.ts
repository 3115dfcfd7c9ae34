import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImportsOf, SOURCE, typeScriptFilesUnder } from './source-files.js';

/*
 * The folders of src/ are the stages of the pipeline, and every import points down this list: a folder may
 * import its own files and the folders above it here, never one below. AGENTS.md draws the same picture.
 * A new folder must be placed here, or this test fails.
 */
const FRONT_END = 'hosts/*/front-end';

const LAYERS: readonly (readonly string[])[] = [
  ['common', 'errors'],
  ['patterns'],
  // One module per handler type: its row of facts (zod-free, read by the catalogue and the fast loader) and
  // its settings schema. Its runner sits in run/, beside the machinery it uses.
  ['handlers'],
  ['events'],
  ['transcript', 'env-file', 'watch'],
  ['settings'],
  ['outcome'],
  ['select'],
  ['run'],
  ['read'],
  ['merge'],
  // Outcome → Claude Code's answer; the hosts below it (one folder each) answer through it or their own.
  ['protocol'],
  // The warm daemon's wire and socket address, which the native client, the CLI and the OpenCode/Kilo plugin
  // (written by their installers) speak.
  ['daemon-protocol'],
  // What every host's installer (src/hosts/<host>/install/, `hookwire init`) shares: the JSON edits that keep
  // a file's own formatting, the put-back of a file's bytes, the guard of a missing hookwire, how an entry
  // calls hookwire. Host-neutral: it sits before hosts so that each host's installer can import it.
  ['install'],
  // The host protocol seam (src/hosts/host.ts), one folder per host (deepagents/: Deep Agents Code Hooks v2):
  // what the engine and the CLI know of one agent's hooks.
  ['hosts'],
  ['trace'],
  // OpenTelemetry spans of a firing, and their OTLP export for `hookwire run` and `serve`.
  ['telemetry'],
  ['engine'],
  // Framework adapters: below the Deep Agents front end, whose middleware is a thin layer on the LangChain one.
  ['adapters'],
  // Front ends that drive the engine. A host's own front end (its in-process middleware, dispatcher and
  // converter: src/hosts/deepagents/front-end/) lives in the host's folder, one place for all of the host,
  // and ranks here, not with the host's protocol: it drives the engine the host's protocol sits below.
  ['server', FRONT_END, 'timeline'],
  ['cli'],
  // The package's entries: the library, and the host contract (`hookwire/host`).
  ['index.ts', 'host.ts'],
];

const source = SOURCE;
const rankOf = new Map(LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank] as const)));

/**
 * The layer a file lives in: the top-level folder of src/ (`index.ts` for the public entry), or FRONT_END
 * for a host's front end (src/hosts/NAME/front-end/).
 */
function folderOf(file: string): string {
  const [top, , part] = relative(source, file).split('/');
  return top === 'hosts' && part === 'front-end' ? FRONT_END : (top as string);
}

function importsOf(file: string): { from: string; to: string }[] {
  return relativeImportsOf(file).map((target) => ({ from: folderOf(file), to: folderOf(target) }));
}

/*
 * The engine, the catalogue and the settings reach a host only through the contract (src/hosts/host.ts) and
 * the registry (src/hosts/registry.ts), never a host's own folder: the core never goes around the seam.
 */
const THROUGH_THE_CONTRACT = ['engine', 'events', 'settings'];
const CONTRACT_FILES = new Set(['hosts/host.ts', 'hosts/registry.ts']);

describe('the folders of src/', () => {
  const files = typeScriptFilesUnder(source);

  it('each have a place in the layering', () => {
    const unplaced = [...new Set(files.map(folderOf))].filter((folder) => !rankOf.has(folder));
    expect(unplaced).toEqual([]);
  });

  it('import only their own files and the folders above them', () => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .filter(({ from, to }) => from !== to && (rankOf.get(to) ?? -1) >= (rankOf.get(from) ?? -1))
        .map(({ to }) => `${relative(source, file)} imports ${to}/`),
    );
    expect(upward).toEqual([]);
  });

  it("rank a host's front end after the engine, and the rest of its folder with the hosts", () => {
    const rank = (path: string) => rankOf.get(folderOf(join(source, path))) ?? -1;
    expect(rank('hosts/deepagents/front-end/middleware-entry.ts')).toBeGreaterThan(rank('engine/engine.ts'));
    expect(rank('hosts/deepagents/front-end/middleware-entry.ts')).toBeGreaterThan(rank('adapters/x.ts'));
    expect(rank('hosts/deepagents/list-hooks/convert-command.ts')).toBe(rank('hosts/registry.ts'));
    // Negative control: the host's protocol importing its front end points up.
    expect(rank('hosts/deepagents/front-end/x.ts')).toBeGreaterThanOrEqual(rank('hosts/deepagents/x.ts'));
    expect(rank('hosts/deepagents/x.ts')).toBeLessThan(rank('engine/engine.ts'));
  });

  it('reach a host only through its contract and the registry, from the engine, events and settings', () => {
    const around = files
      .filter((file) => THROUGH_THE_CONTRACT.includes(folderOf(file)))
      .flatMap((file) =>
        relativeImportsOf(file)
          .map((target) => relative(source, target).replace(/\.js$/, '.ts'))
          .filter((target) => target.startsWith('hosts/') && !CONTRACT_FILES.has(target))
          .map((target) => `${relative(source, file)} imports ${target}`),
      );
    expect(around).toEqual([]);
  });
});
