import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HANDLER_TYPES,
  handlerTypes,
  MOVABLE_HANDLER_TYPES,
  SETTINGS_HANDLER_TYPES,
} from '../../src/handlers/facts.js';
import { handlerSchemas } from '../../src/handlers/schemas.js';
import { stayReason } from '../../src/install/stay-reason.js';
import { runners } from '../../src/run/runners.js';
import { asyncRewakeOf } from '../../src/settings/async-rewake.js';
import { blockedUrlDiagnostics } from '../../src/settings/blocked-url-diagnostics.js';
import type { HandlerConfig } from '../../src/settings/configured-hook.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { missingPluginFiles, pluginHandler, unsafePluginPath } from '../../src/settings/plugin-handler.js';

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

/** A handler of `type` whose required field names a plugin script, with `args` and the rewake keys. */
function handlerOf(type: (typeof SETTINGS_HANDLER_TYPES)[number], required: string): HandlerConfig {
  return {
    type,
    [handlerTypes[type].requiredField]: required,
    args: ['${CLAUDE_PLUGIN_ROOT}/arg.sh'],
    asyncRewake: true,
    rewakeMessage: 'woken:',
  } as unknown as HandlerConfig;
}

describe('what is written once per type but applies to any, read from the facts', () => {
  const plugin = {
    id: 'p@inline',
    name: 'p',
    version: undefined,
    root: '/plugins/p$(x)',
    dataDir: '/data/p',
  };

  it.each(SETTINGS_HANDLER_TYPES)('%s: plugin paths, exec args, the URL policy and asyncRewake', (type) => {
    const facts = handlerTypes[type];
    const field = facts.requiredField;
    const expanded = pluginHandler(
      handlerOf(type, '${CLAUDE_PLUGIN_ROOT}/run.sh'),
      plugin,
    ) as unknown as Record<string, unknown>;
    expect(expanded[field]).toBe(
      facts.pluginPaths ? '/plugins/p$(x)/run.sh' : '${CLAUDE_PLUGIN_ROOT}/run.sh',
    );
    expect(expanded.args).toEqual([
      facts.pluginPaths && facts.execArgs ? '/plugins/p$(x)/arg.sh' : '${CLAUDE_PLUGIN_ROOT}/arg.sh',
    ]);
    expect(missingPluginFiles(handlerOf(type, '${CLAUDE_PLUGIN_ROOT}/run.sh'), plugin)).toEqual(
      facts.pluginPaths ? ['run.sh', ...(facts.execArgs ? ['arg.sh'] : [])] : [],
    );
    // A shell command pasting a path that holds `$(` is refused; in exec form no shell reads it.
    const shellForm = {
      ...handlerOf(type, '"${CLAUDE_PLUGIN_ROOT}/run.sh"'),
      args: undefined,
    } as HandlerConfig;
    expect(unsafePluginPath(shellForm, plugin) !== undefined).toBe(facts.pluginPaths);
    expect(unsafePluginPath(handlerOf(type, '${CLAUDE_PLUGIN_ROOT}/run.sh'), plugin) !== undefined).toBe(
      facts.pluginPaths && !facts.execArgs,
    );

    expect(asyncRewakeOf(handlerOf(type, 'x'))).toEqual(
      facts.background.rewake ? { message: 'woken:' } : undefined,
    );

    const hook = {
      handler: handlerOf(type, 'http://169.254.169.254/latest'),
      provenance: { file: 'f.json', level: 'user', line: 1, column: 1, jsonPath: 'hooks.Stop[0].hooks[0]' },
    };
    const blocked = blockedUrlDiagnostics([
      { level: 'user', explicit: false, hooks: [hook as never], policy: {} },
    ]).map((diagnostic) => diagnostic.jsonPath);
    expect(blocked).toEqual(facts.network === 'url' ? [`hooks.Stop[0].hooks[0].${field}`] : []);

    const root = mkdtempSync(join(tmpdir(), 'hookwire-facts-'));
    const loaded = loadSettings({
      cwd: join(root, 'project'),
      projectDir: join(root, 'project'),
      homeDir: join(root, 'home'),
      managedSettingsPath: join(root, 'managed-settings.json'),
      deepAgentsPath: join(root, 'hooks.json'),
      objects: [{ hooks: { Stop: [{ hooks: [{ type, [field]: 'x', prompt: 'x', args: 3 }] }] } }],
    });
    rmSync(root, { recursive: true, force: true });
    const argsProblems = loaded.diagnostics.filter(
      (diagnostic) => diagnostic.message === '"args" must be a list of strings',
    );
    expect(argsProblems.length).toBe(facts.execArgs ? 1 : 0);
  });
});
