import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { withAddedHooks } from '../../src/hosts/claude-code/install/hooks-added-since.js';
import { migrateLegacyHooks } from '../../src/hosts/deepagents/migrate-legacy-hooks.js';
import { wireNotificationType } from '../../src/hosts/deepagents/project-invocation.js';
import { registeredHosts } from '../../src/hosts/registry.js';

/*
 * What a host sends (its event names, a tool the model named, a payload's keys and values) and what a
 * repository's hooks file names is looked up in tables. A name every object inherits (`constructor`,
 * `toString`, `__proto__`...) is no row of any of them: it keeps its own name, and nothing looked up from it
 * is a function or the prototype (docs/reliability.md, section 5, "names from outside"). Generated over Object.prototype's
 * own names, every registered host, and every event each host sends.
 */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

/** Where `value` (a payload) holds something no JSON can: a function, or an object's prototype itself. */
function inherited(value: unknown, path = '$'): string[] {
  if (typeof value === 'function') return [path];
  if (value === Object.prototype) return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(key.startsWith('function ') ? [`${path} key ${key.slice(0, 20)}`] : []),
    ...inherited(inner, `${path}.${key}`),
  ]);
}

describe.each(registeredHosts().map((host) => [host.name, host] as const))('%s', (_name, host) => {
  it('maps an inherited name, as a tool or an event, onto itself', () => {
    for (const name of INHERITED) {
      expect(host.events.toolName(name)).toBe(name);
      expect(host.events.toCatalogue(name)).toBe(name);
    }
  });

  it('reads a payload naming inherited names without taking them for rows', () => {
    const events = [...new Set(EVENT_NAMES.flatMap((event) => host.events.fromCatalogue(event) ?? []))];
    for (const event of events) {
      for (const name of INHERITED) {
        const payload = {
          tool_name: name,
          toolName: name,
          tool: name,
          reason: name,
          source: name,
          notification_type: name,
          [name]: name,
          tool_input: Object.fromEntries(INHERITED.map((key) => [key, key])),
          toolArgs: Object.fromEntries(INHERITED.map((key) => [key, key])),
        };
        const incoming = host.events.incoming(event, JSON.parse(JSON.stringify(payload)));
        expect(inherited(incoming.payload), `${event} with ${name}`).toEqual([]);
        if (typeof incoming.payload.tool_name !== 'undefined' && incoming.payload.tool_name !== name)
          expect(typeof incoming.payload.tool_name).toBe('string');
      }
    }
  });
});

describe("init's merge of a settings file's hooks", () => {
  it('keeps an event named as an inherited name as a key like any', () => {
    const added = Object.fromEntries(INHERITED.map((name) => [name, [{ hooks: [] }]]));
    const merged = withAddedHooks({}, added);
    expect(Object.keys(merged ?? {}).sort()).toEqual([...INHERITED].sort());
    for (const name of INHERITED) expect(Object.hasOwn(merged ?? {}, name)).toBe(true);
  });
});

describe("Deep Agents' tables", () => {
  it('a legacy hooks.json entry on an inherited event name migrates to no hook', () => {
    const migration = migrateLegacyHooks([{ command: ['true'], events: INHERITED }], '/hooks.json');
    expect(Object.keys(migration.config.hooks ?? {})).toEqual([]);
  });

  it('an inherited notification type is refused as upstream refuses an unknown one', () => {
    for (const name of INHERITED)
      expect(() => wireNotificationType(name)).toThrow(`Unsupported notification type: ${name}`);
  });
});

it('negative control: a plain lookup is caught', () => {
  const table: Record<string, string> = { bash: 'Bash' };
  expect(inherited({ tool_name: table.toString })).toEqual(['$.tool_name']);
  expect(inherited({ x: Object.getPrototypeOf({}) })).toEqual(['$.x']);
});
