import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HandlerExecution } from '../../src/run/handler-execution.js';
import type { ConfiguredHook, HandlerConfig } from '../../src/settings/configured-hook.js';
import { configuredHook as loadedHook } from '../../src/settings/configured-hook-constructor.js';

/** A temporary project and home, so that no test reads the real home directory or /etc. */
export function temporaryHome() {
  const root = mkdtempSync(join(tmpdir(), 'hookwire-engine-'));
  return {
    root,
    options: {
      cwd: root,
      projectDir: root,
      homeDir: join(root, 'home'),
      managedSettingsPath: join(root, 'managed-settings.json'),
      deepAgentsPath: join(root, 'home', '.deepagents', 'hooks.json'),
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

let counter = 0;

/** A ConfiguredHook as the loader would build it; a command hook running `command` unless `handler` is given. */
export function configuredHook(
  fields: Partial<Omit<ConfiguredHook, 'handler'>> & {
    handler?: Partial<HandlerConfig>;
    command?: string;
  } = {},
): ConfiguredHook {
  const position = counter++;
  const command = fields.command ?? `hook-${position}`;
  const handler = { type: 'command', command, ...fields.handler } as HandlerConfig;
  const { handler: _handler, command: _command, ...rest } = fields;
  const provenance = {
    file: '/project/.claude/settings.json',
    level: 'project',
    line: 1,
    column: 1,
    jsonPath: 'hooks',
  } as const;
  return {
    ...loadedHook({ event: fields.event ?? 'PreToolUse', handler, definitionId: `d${position}`, provenance }),
    ...rest,
  };
}

/** A command execution that completed with `exitCode`, overridden by `fields`. */
export function completed(exitCode: number, fields: Partial<HandlerExecution> = {}): HandlerExecution {
  return {
    kind: 'completed',
    exitCode,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 1,
    ...fields,
  };
}

/** Stdout holding `value` as one JSON line. */
export function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
