import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/events/catalogue.js';
import { deepAgentsCatalogue } from '../../src/events/deepagents-catalogue.js';
import { DEEPAGENTS_EVENTS, EVENT_NAMES } from '../../src/events/event-names.js';

/** The facts every row states, whatever the event: what its hooks can do there. */
const SEMANTIC_FACTS = [
  'family',
  'description',
  'matcher',
  'input',
  'decisions',
  'block',
  'legacyDecision',
  'specificOutput',
  'plainStdout',
  'notificationOnly',
  'blockContinues',
  'handlers',
  'timeouts',
].sort();

describe('the shape of the catalogue', () => {
  it('states the semantic facts on every row, and a quirk only on the rows it applies to', () => {
    const rows = EVENT_NAMES.map((name) => [name, catalogue[name]] as const);
    for (const [name, row] of rows) {
      expect({ name, missing: SEMANTIC_FACTS.filter((fact) => !(fact in row)) }).toEqual({
        name,
        missing: [],
      });
    }
    // A quirk written as false on every other row is the noise this shape removes.
    const writtenOff = rows.flatMap(([name, row]) =>
      Object.entries(row)
        .filter(([fact, value]) => !SEMANTIC_FACTS.includes(fact) && (value === false || value === undefined))
        .map(([fact]) => `${name}.${fact}`),
    );
    expect(writtenOff).toEqual([]);
  });

  it('has the Deep Agents rows in a file of their own, and only those', () => {
    expect(Object.keys(deepAgentsCatalogue)).toEqual([...DEEPAGENTS_EVENTS]);
    for (const name of DEEPAGENTS_EVENTS) expect(catalogue[name]).toBe(deepAgentsCatalogue[name]);
    expect(EVENT_NAMES.filter((name) => catalogue[name].family === 'deepagents')).toEqual([
      ...DEEPAGENTS_EVENTS,
    ]);
  });
});
