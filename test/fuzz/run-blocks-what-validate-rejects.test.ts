import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { validateFiles } from '../../src/settings/validate-settings.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * Every document `validate` rejects fails closed under `hookwire run`: a PreToolUse is denied. The documents
 * are mutations of one that holds every handler type and every key the schemas know, all under PreToolUse;
 * errors that a mutation puts under another event block that event, not this one, and are left out. The engine is made as `hookwire run` makes
 * it (onConfigError block, trust required) and fired in-process, its hooks as real processes; the CLI itself
 * is checked on the cases the issues found in test/cli/run-refuses-invalid-settings.test.ts.
 */

const directory = mkdtempSync(join(tmpdir(), 'hookwire-fuzz-run-blocks-'));
// The settings files lie outside the project, so they need no trust (an untrusted file does not load at all).
const project = mkdtempSync(join(tmpdir(), 'hookwire-fuzz-run-blocks-project-'));
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});
let count = 0;

/** Valid, and allows a Bash call: its commands exit 0, its http hook meets a closed port, its model hooks match Write only. */
const BASE = {
  $schema: 'https://unpkg.com/hookwire/schema/settings.schema.json',
  disableAllHooks: false,
  allowedHttpHookUrls: ['http://127.0.0.1:*/*'],
  httpHookAllowedEnvVars: ['HOME'],
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        sequential: false,
        async: false,
        hooks: [
          {
            type: 'command',
            command: 'exit 0',
            shell: 'sh',
            env: { A: 'b' },
            timeout: 10,
            statusMessage: 'checking',
            once: false,
            if: 'Bash(ls*)',
            onFailure: 'continue',
            async: false,
            asyncRewake: false,
            rewakeMessage: 'woken',
            rewakeSummary: 'summary',
          },
          { type: 'command', command: 'true', args: ['x'] },
          {
            type: 'http',
            url: 'http://127.0.0.1:9/hook',
            headers: { 'X-A': 'b' },
            allowedEnvVars: ['HOME'],
            timeout: 5,
          },
        ],
      },
      {
        matcher: 'Write',
        hooks: [
          { type: 'prompt', prompt: 'ok?', model: 'm', timeout: 5 },
          { type: 'agent', prompt: 'ok?', model: 'm', tools: ['Read'], maxTurns: 2 },
        ],
      },
    ],
  },
};

const KEYS = [
  ...new Set([
    'type',
    'command',
    'args',
    'shell',
    'env',
    'async',
    'asyncRewake',
    'rewakeMessage',
    'rewakeSummary',
    'timeout',
    'statusMessage',
    'once',
    'if',
    'onFailure',
    'url',
    'headers',
    'allowedEnvVars',
    'prompt',
    'model',
    'tools',
    'maxTurns',
    'matcher',
    'sequential',
    'hooks',
    'disableAllHooks',
    'allowedHttpHookUrls',
    'httpHookAllowedEnvVars',
    'PreToolUse',
  ]),
];
const VALUE = fc.oneof(
  fc.constantFrom<unknown>(
    'blok',
    'yes',
    '',
    ' ',
    -1,
    0,
    1.5,
    1e21,
    true,
    false,
    null,
    [],
    {},
    ['x'],
    [1],
    { a: 1 },
    { a: 'b' },
    'command',
    'http',
    'prompt',
    'agent',
    'callback',
    'block',
    'continue',
    'Bash',
  ),
  fc.string({ maxLength: 6 }),
  fc.integer(),
);

type Json = unknown;
type Path = readonly (string | number)[];

/** Every path below the root, containers and leaves. */
function pathsOf(value: Json, path: Path = []): Path[] {
  const below: Path[] = [];
  const children: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((item, index): [number, Json] => [index, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  for (const [segment, item] of children)
    for (const inner of pathsOf(item, [...path, segment])) below.push(inner);
  return path.length === 0 ? below : [path, ...below];
}

function parentOf(document: Json, path: Path): Record<string | number, Json> {
  let node = document as Record<string | number, Json>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, Json>;
  return node;
}

const mutation = fc.record({
  kind: fc.constantFrom('set', 'delete', 'add', 'duplicate'),
  at: fc.nat(),
  key: fc.constantFrom(...KEYS),
  value: VALUE,
});
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** Applies the value-level mutations; a `duplicate` is kept for the text, as [object path, key, value]. */
function mutate(mutations: readonly Mutation[]): string {
  const document = structuredClone(BASE) as Json;
  const duplicates: Array<[Path, string, Json]> = [];
  for (const change of mutations) {
    const paths = pathsOf(document);
    if (paths.length === 0) break;
    const path = paths[change.at % paths.length] as Path;
    const parent = parentOf(document, path);
    const last = path.at(-1) as string | number;
    if (change.kind === 'set') parent[last] = change.value;
    else if (change.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      const object = typeof target === 'object' && target !== null && !Array.isArray(target);
      if (!object) continue;
      if (change.kind === 'add') (target as Record<string, Json>)[change.key] = change.value;
      else {
        const keys = Object.keys(target as object);
        const key = keys.length > 0 ? (keys[change.at % keys.length] as string) : change.key;
        duplicates.push([path, key, change.value]);
      }
    }
  }
  return print(document, [], duplicates);
}

/** JSON text, with the duplicate keys added at the end of their objects. */
function print(value: Json, path: Path, duplicates: ReadonlyArray<[Path, string, Json]>): string {
  if (Array.isArray(value))
    return `[${value.map((item, index) => print(item, [...path, index], duplicates)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).map(
    ([key, item]) => `${JSON.stringify(key)}:${print(item, [...path, key], duplicates)}`,
  );
  for (const [at, key, extra] of duplicates) {
    if (at.length === path.length && at.every((segment, index) => segment === path[index])) {
      entries.push(`${JSON.stringify(key)}:${JSON.stringify(extra)}`);
    }
  }
  return `{${entries.join(',')}}`;
}

const textEdit = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.constantFrom('{', ']', ',', '"', ':'),
  }),
);

const document = fc.oneof(
  { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map(mutate) },
  {
    weight: 1,
    arbitrary: textEdit.map((edit) => {
      const text = JSON.stringify(BASE);
      const at = edit.at % (text.length + 1);
      return edit.kind === 'truncate' ? text.slice(0, at) : text.slice(0, at) + edit.text + text.slice(at);
    }),
  },
);

const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

/** Validates `text` as a settings file; when it has errors, fires a PreToolUse as `hookwire run` would. */
async function checkDocument(text: string): Promise<void> {
  const file = join(directory, `settings-${++count}.json`);
  writeFileSync(file, text);
  try {
    // An error in another event's hooks (a mutation can add one) blocks that event, not this one. An http
    // URL the policy blocks is refused when the hook runs, and that refusal fails closed too.
    const errors = validateFiles([file]).diagnostics.filter(
      (diagnostic) =>
        diagnostic.severity === 'error' && !/^hooks\.(?!PreToolUse\b)[^.[]+/.test(diagnostic.jsonPath),
    );
    if (errors.length === 0) return;
    const engine = await createEngine({
      cwd: project,
      projectDir: project,
      settings: [file],
      onConfigError: 'block',
      trust: 'require',
      trustStore: join(directory, 'trust.json'),
      endDetachedOnClose: false,
    });
    try {
      const outcome = await engine.fire('PreToolUse', {
        session_id: `s${count}`,
        transcript_path: join(directory, 't.jsonl'),
        cwd: project,
        hook_event_name: 'PreToolUse',
        ...BASH,
      });
      const located = errors.map(
        (error) => `${error.line}:${error.column} ${error.jsonPath} ${error.message}`,
      );
      expect(
        outcome.decision,
        `validate rejects it (${located.join('; ')}) but run let it through:\n${text}`,
      ).toBe('deny');
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(file, { force: true });
  }
}

describe('every settings document validate rejects makes run block a PreToolUse', () => {
  it('the base document is valid and lets the call through', async () => {
    const file = join(directory, 'base.json');
    writeFileSync(file, JSON.stringify(BASE));
    expect(validateFiles([file]).diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual(
      [],
    );
    const engine = await createEngine({
      cwd: directory,
      projectDir: directory,
      settings: [file],
      onConfigError: 'block',
    });
    const outcome = await engine.fire('PreToolUse', {
      session_id: 's',
      cwd: directory,
      hook_event_name: 'PreToolUse',
      ...BASH,
    });
    await engine.close();
    expect(outcome.decision).not.toBe('deny');
  });

  it('on mutated documents', async () => {
    await fuzzCheck('run: blocks what validate rejects', fc.asyncProperty(document, checkDocument), 60);
  }, 300_000);
});
