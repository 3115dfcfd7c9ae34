import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTINGS_HANDLER_TYPES } from '../../src/events/handler-types.js';
import { nodeValue, parseJsonDocument } from '../../src/settings/json-document.js';
import { definitionFlagsRule, handlerRule, ruleProblems } from '../../src/settings/schema-rules.js';
import { definitionSchema, handlerSchemas } from '../../src/settings/settings-schema.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * The settings reader reads untrusted files on every event. It must read valid JSON into the value
 * JSON.parse gives, refuse any key twice in one object, and its rules (read from the committed JSON Schema)
 * must give zod's verdict on every handler. (Linear time is not asserted here: a wall-clock ratio is not
 * deterministic on a loaded machine, and a step-counting version is not done yet.)
 */

const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 });

/** JSON text of `value`, with random whitespace between tokens (JSON.stringify's own is too regular). */
function printed(value: unknown, spaces: readonly string[]): string {
  let index = 0;
  const space = () => spaces[index++ % spaces.length] ?? '';
  const print = (item: unknown): string => {
    if (Array.isArray(item)) return `[${space()}${item.map(print).join(`,${space()}`)}${space()}]`;
    if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item).map(
        ([key, inner]) => `${JSON.stringify(key)}${space()}:${space()}${print(inner)}`,
      );
      return `{${space()}${entries.join(`${space()},`)}${space()}}`;
    }
    return JSON.stringify(item);
  };
  return `${space()}${print(value)}${space()}`;
}

describe('the settings reader', () => {
  it('reads valid JSON into the value JSON.parse gives', async () => {
    await fuzzCheck(
      'reader: same tree as JSON.parse',
      fc.property(fc.jsonValue(), fc.array(whitespace, { minLength: 1, maxLength: 8 }), (value, spaces) => {
        const text = printed(value, spaces);
        const document = parseJsonDocument(text);
        expect(document.syntaxError).toBeUndefined();
        // toEqual: the reader builds objects without a prototype, so that "__proto__" stays a key.
        expect(nodeValue(document.root!)).toEqual(JSON.parse(text));
      }),
      300,
    );
  });

  it('refuses a key twice in one object, wherever it is, at the second', async () => {
    const object = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), {
      minKeys: 1,
      maxKeys: 4,
    });
    await fuzzCheck(
      'reader: duplicate keys refused',
      fc.property(object, fc.nat(), fc.jsonValue({ maxDepth: 1 }), fc.nat(), (inner, pick, extra, depth) => {
        const keys = Object.keys(inner);
        const key = keys[pick % keys.length] as string;
        const entries = Object.entries(inner).map(
          ([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`,
        );
        const duplicated = `{${[...entries, `${JSON.stringify(key)}:${JSON.stringify(extra)}`].join(',')}}`;
        // Nested 0 to 3 levels down, in objects and lists.
        let text = duplicated;
        for (let level = 0; level < depth % 4; level++)
          text = level % 2 === 0 ? `{"hooks":${text}}` : `[1,${text}]`;
        const document = parseJsonDocument(text);
        expect(document.root).toBeUndefined();
        expect(document.syntaxError?.message).toContain(`duplicate key ${JSON.stringify(key)}`);
        const offset = text.lastIndexOf(`${JSON.stringify(key)}:${JSON.stringify(extra)}`);
        expect(document.syntaxError).toMatchObject(document.positionOf(offset));
      }),
      300,
    );
  });

  it("gives zod's verdict on every handler and definition", async () => {
    const fieldValue = fc.oneof(
      fc.constantFrom<unknown>(
        '',
        'x',
        'block',
        'continue',
        'blok',
        0,
        -1,
        1,
        1.5,
        2 ** 53,
        true,
        false,
        null,
        [],
        ['a'],
        [1],
        {},
        { A: 'b' },
        { A: 1 },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const keys = [
      ...new Set([
        ...SETTINGS_HANDLER_TYPES.flatMap((type) => Object.keys(handlerSchemas[type].shape)),
        'extra',
      ]),
    ];
    const fields = fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: 6 });
    await fuzzCheck(
      'reader: rules agree with zod',
      fc.property(
        fc.constantFrom(...SETTINGS_HANDLER_TYPES),
        fields,
        fc.boolean(),
        (type, extra, withRequired) => {
          const value = {
            ...(withRequired ? { command: 'c', url: 'u', prompt: 'p' } : {}),
            ...extra,
            type,
          };
          expect(ruleProblems(value, handlerRule(type)).length === 0).toBe(
            handlerSchemas[type].safeParse(value).success,
          );
          const flags = definitionSchema.omit({ hooks: true });
          expect(ruleProblems(extra, definitionFlagsRule()).length === 0).toBe(
            flags.safeParse(extra).success,
          );
        },
      ),
      1000,
    );
  });
});
