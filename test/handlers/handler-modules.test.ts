import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stayReason } from '../../src/cli/init/stay-reason.js';
import {
  HANDLER_TYPES,
  handlerTypes,
  MOVABLE_HANDLER_TYPES,
  SETTINGS_HANDLER_TYPES,
} from '../../src/handlers/facts.js';
import { handlerSchemas } from '../../src/handlers/schemas.js';
import { runners } from '../../src/run/runners.js';

/*
 * A handler type is one module under src/handlers/<type>/ (its facts and, when settings files can hold it,
 * its schema), a runner in the registry, and everything else derived from those (AGENTS.md, "Adding a
 * handler type").
 */
const handlers = fileURLToPath(new URL('../../src/handlers/', import.meta.url));

describe('the handler modules', () => {
  it.each(HANDLER_TYPES)('%s has its folder, its facts and a runner', (type) => {
    expect(existsSync(`${handlers}${type}/facts.ts`)).toBe(true);
    expect(existsSync(`${handlers}${type}/schema.ts`)).toBe(handlerTypes[type].inSettings);
    expect(typeof runners[type]).toBe('function');
  });

  it('give each settings type a schema whose `type` is its own name', () => {
    for (const type of SETTINGS_HANDLER_TYPES) {
      expect(handlerSchemas[type].shape.type.value).toBe(type);
    }
    expect(handlerSchemas.callback).toBeNull();
  });

  it('decide what `hookwire init` moves from the facts', () => {
    expect(MOVABLE_HANDLER_TYPES).toEqual(['command', 'http', 'prompt', 'agent']);
    expect(stayReason('PreToolUse', {}, { type: 'mcp' })).toBe(
      `a handler "mcp" is Claude Code's own (hookwire runs command, http, prompt and agent)`,
    );
    expect(stayReason('PreToolUse', {}, { type: 'http', url: 'https://example.com/hook' })).toBeUndefined();
  });

  it('keep in-process callbacks out of detached background processes', () => {
    const detached = HANDLER_TYPES.filter((type) => handlerTypes[type].background.detached);
    expect(detached).toEqual(['command', 'http', 'prompt', 'agent', 'mcp_tool']);
  });
});
