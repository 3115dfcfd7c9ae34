import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/*
 * A name the user gives on the command line (a command, a schema, an event of `schema`, a host) is looked up
 * in a table. A name that is a property every object inherits (`constructor`, `__proto__`, `toString`...)
 * names nothing there: it is refused as any unknown name is (exit 2, saying so), never taken for a table row.
 * Generated over Object.prototype's own names; the negative control is a real name of each table.
 */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

const LOOKUPS: ReadonlyArray<{
  readonly what: string;
  readonly args: (name: string) => string[];
  readonly refusal: (name: string) => string;
  readonly real: string;
}> = [
  {
    what: 'a command',
    args: (name) => [name],
    refusal: (name) => `unknown command "${name}"`,
    real: 'events',
  },
  {
    what: 'a schema',
    args: (name) => ['schema', name],
    refusal: (name) => `unknown schema "${name}"`,
    real: 'outcome',
  },
  {
    what: "an event of schema's",
    args: (name) => ['schema', 'hook-input', name],
    refusal: (name) => `unknown event "${name}"`,
    real: 'PreToolUse',
  },
  {
    what: 'a host',
    args: (name) => ['list', '--host', name],
    refusal: (name) => `--host "${name}" names no host`,
    real: 'codex',
  },
];

describe.concurrent("names that are Object.prototype's", () => {
  it.each(LOOKUPS.flatMap((lookup) => INHERITED.map((name) => [lookup.what, name, lookup] as const)))(
    'as %s: %s is refused as unknown',
    async (_what, name, lookup) => {
      const result = await runCli(lookup.args(name));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(lookup.refusal(name));
    },
  );

  it.each(LOOKUPS.map((lookup) => [lookup.what, lookup] as const))(
    'negative control: a real name as %s is found',
    async (_what, lookup) => {
      const result = await runCli(lookup.args(lookup.real));
      expect(result.stderr).not.toContain(lookup.refusal(lookup.real));
      expect(result.code).toBe(0);
    },
  );
});
