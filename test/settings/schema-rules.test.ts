import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_HANDLER_TYPES } from '../../src/events/handler-types.js';
import {
  CHECKED_KEYWORDS,
  definitionFlagsRule,
  handlerRule,
  ruleProblems,
} from '../../src/settings/schema-rules.js';
import { definitionSchema, handlerSchemas } from '../../src/settings/settings-schema.js';

/*
 * The loader checks settings with the rules of the committed JSON Schema (rendered from the zod schemas,
 * kept in step by test/settings/generated-files.test.ts). These tests hold the interpreter to the schema:
 * it knows every keyword the schema uses, and refuses a rule it does not know. The property that its
 * verdicts are zod's on random handlers is in test/fuzz/settings-reader-fuzz.test.ts.
 */

const schema: unknown = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'settings.schema.json'), 'utf8'),
);

/** Every keyword of every subschema under `value`, skipping the names of properties. */
function keywordsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keywordsOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [keyword, inner] of Object.entries(value)) {
      into.add(keyword);
      if (keyword === 'properties' || keyword === '$defs') {
        for (const subschema of Object.values(inner as object)) keywordsOf(subschema, into);
      } else if (keyword !== 'const' && keyword !== 'enum') keywordsOf(inner, into);
    }
  }
  return into;
}

describe('the loader reads its rules from the committed schema', () => {
  it('knows every keyword the handler and definition rules use', () => {
    const hookDefinitions = (schema as { $defs: { hookDefinitions: unknown } }).$defs.hookDefinitions;
    // oneOf picks the handler's rule by its `type`; the rest are checked keywords.
    const used = [...keywordsOf(hookDefinitions)].filter((keyword) => keyword !== 'oneOf').sort();
    expect(used.filter((keyword) => !CHECKED_KEYWORDS.includes(keyword))).toEqual([]);
  });

  it('has the rule of every handler type a settings file can hold, with the zod schema’s keys', () => {
    for (const type of SETTINGS_HANDLER_TYPES) {
      expect(Object.keys(handlerRule(type).properties ?? {}).sort()).toEqual(
        Object.keys(handlerSchemas[type].shape).sort(),
      );
    }
    const { hooks: _hooks, ...flags } = definitionSchema.shape;
    expect(Object.keys(definitionFlagsRule().properties ?? {}).sort()).toEqual(Object.keys(flags).sort());
  });

  it('refuses a rule with a keyword it does not check, rather than pass the value unchecked', () => {
    expect(ruleProblems('x', { type: 'string', pattern: '^y$' } as never, ['command'])).toEqual([
      { path: ['command'], message: 'command cannot be checked: its rule uses pattern' },
    ]);
  });

  it('reports each broken rule at its path, with a short view of the value', () => {
    expect(
      ruleProblems(
        { type: 'command', command: '', env: { A: 1 }, args: ['a', 2], timeout: 0, tools: 'x'.repeat(100) },
        handlerRule('command'),
      ),
    ).toEqual([
      { path: ['command'], message: 'command must not be empty, got ""' },
      { path: ['env', 'A'], message: 'env.A must be a string, got 1' },
      { path: ['args', 1], message: 'args[1] must be a string, got 2' },
      { path: ['timeout'], message: 'timeout must be greater than 0, got 0' },
    ]);
    expect(ruleProblems({ type: 'http' }, handlerRule('http'))).toEqual([
      { path: ['url'], message: 'url is required' },
    ]);
    expect(ruleProblems({ type: 'agent', prompt: 'p', tools: {} }, handlerRule('agent'))).toEqual([
      { path: ['tools'], message: 'tools must be a list, got an object' },
    ]);
  });
});
