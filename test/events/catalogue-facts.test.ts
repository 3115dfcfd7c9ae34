import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/events/catalogue.js';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { HANDLER_TYPES, handlerTypesIn, SETTINGS_HANDLER_TYPES } from '../../src/events/handler-types.js';

describe('the handler-type table', () => {
  it('gives each kind of event the types Claude Code runs there', () => {
    expect({
      all: handlerTypesIn('all'),
      noModel: handlerTypesIn('no-model'),
      local: handlerTypesIn('local'),
    }).toEqual({
      all: ['command', 'http', 'prompt', 'agent', 'mcp_tool', 'callback'],
      noModel: ['command', 'http', 'mcp_tool', 'callback'],
      local: ['command', 'callback'],
    });
    expect(SETTINGS_HANDLER_TYPES).toEqual(HANDLER_TYPES.filter((type) => type !== 'callback'));
  });
});

describe('the event facts of the catalogue', () => {
  const where = (fact: (name: (typeof EVENT_NAMES)[number]) => unknown) =>
    EVENT_NAMES.filter((name) => fact(name)).map((name) => [name, fact(name)]);

  it('name the events whose block sends the agent back to work, and they block with "block"', () => {
    expect(where((name) => catalogue[name].blockContinues)).toEqual([
      ['SubagentStop', 'subagent'],
      ['Stop', 'agent'],
    ]);
    for (const name of EVENT_NAMES.filter((event) => catalogue[event].blockContinues !== null)) {
      expect(catalogue[name].block?.decision).toBe('block');
    }
  });

  it('name the events answered with a worktree path, which read plain stdout as one', () => {
    expect(where((name) => catalogue[name].answersWorktreePath)).toEqual([['WorktreeCreate', true]]);
    expect(catalogue.WorktreeCreate).toMatchObject({
      plainStdout: 'worktree-path',
      specificOutput: ['worktreePath'],
    });
  });
});
