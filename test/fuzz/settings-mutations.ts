import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/** The shipped settings examples: the seeds every mutation starts from. */
export const SHIPPED_EXAMPLES: readonly string[] = [
  'examples/settings.json',
  'examples/real-world/claude-code-settings.json',
  'examples/real-world/deepagents-hooks.json',
  'examples/real-world/managed-settings.json',
  'examples/real-world/plugin-hooks.json',
  'examples/real-world/qwen-code-settings.json',
].map((path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

/** The words settings are made of, so that random documents often look like settings and reach deep rules. */
const KEYS = [
  'hooks',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionStart',
  'UserPromptSubmit',
  'Notification',
  'matcher',
  'type',
  'command',
  'args',
  'timeout',
  'if',
  'url',
  'prompt',
  'model',
  'async',
  'once',
  'shell',
  'env',
  'events',
  'disableAllHooks',
  'allowedHttpHookUrls',
  'allowManagedHooksOnly',
  'headers',
  '__proto__',
  'constructor',
  'session.start',
  'tool.use',
];
const WORDS = [
  'command',
  'http',
  'prompt',
  'agent',
  'Bash',
  'Edit|Write',
  '(a+)+$',
  'Bash(git *)',
  'https://*.x/*',
  '',
  ' ',
  '*',
];

/** JSON-shaped values built from settings vocabulary, wrong types included, nested a few levels. */
export const settingsLikeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...WORDS),
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** One edit of a text: what a careless hand, a bad merge or a truncated write does to a settings file. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        ',',
        ':',
        '"',
        '\\',
        '// c\n',
        '/* c */',
        ',}',
        ',]',
        '\u0000',
        '\ufeff',
        'null',
        '1e999',
        '"hooks": {}',
        '\n',
      ),
      fc.string({ maxLength: 8 }),
    ),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(text: string, change: Edit): string {
  const at = text.length === 0 ? 0 : change.at % (text.length + 1);
  switch (change.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + change.length);
    case 'insert':
      return text.slice(0, at) + change.text + text.slice(at);
    case 'duplicate':
      return text.slice(0, at + change.length) + text.slice(at);
    case 'truncate':
      return text.slice(0, at);
  }
}

/** A shipped example with 1 to 6 edits. */
export const mutatedExample: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...SHIPPED_EXAMPLES), fc.array(edit, { minLength: 1, maxLength: 6 }))
  .map(([text, changes]) => changes.reduce(apply, text));

/** Settings-like JSON, printed as JSON or JSONC (comments, trailing commas), sometimes with a BOM. */
export const settingsLikeText: fc.Arbitrary<string> = fc
  .tuple(settingsLikeValue, fc.boolean(), fc.boolean(), fc.boolean())
  .map(([value, comments, trailingCommas, bom]) => {
    let text = JSON.stringify({ hooks: value }, null, 2) ?? 'null';
    if (comments) text = text.replace(/,\n/g, ', // note\n').replace(/^\{/, '/* settings */ {');
    if (trailingCommas) text = text.replace(/\n(\s*)([}\]])/g, ',\n$1$2');
    return bom ? `\ufeff${text}` : text;
  });

/** Documents chosen to hurt: deep nesting, huge numbers and strings, duplicate keys, NUL. */
export const HOSTILE_TEXTS: readonly string[] = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `{"hooks":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
  `{"hooks":{"PreToolUse":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
  '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":1e999999}]}]}}',
  `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":${'9'.repeat(10_000)}}]}]}}`,
  `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"${'x'.repeat(2_000_000)}"}]}]}}`,
  '{"hooks":{"Stop":[]},"hooks":{"Stop":[{"hooks":[{"type":"command","command":"a","command":"b"}]}]}}',
  '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"a\u0000b"}]}]}}\u0000',
  '\ufeff\ufeff{"hooks":{}}',
  '',
  '\u0000',
  'null',
  '[]',
  '{"hooks":[]}',
  '{"hooks": [ {"command": [], "events": [1, null, {}]} ]}',
];
