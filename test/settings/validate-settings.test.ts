import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/settings/configured-hook.js';
import { validateFiles, validateNamed, validateSettingsText } from '../../src/settings/validate-settings.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'settings');

function located(
  file: string,
  severity: Diagnostic['severity'],
  line: number,
  column: number,
  jsonPath: string,
  message: string,
): Diagnostic {
  return { severity, file: join(fixtures, file), line, column, jsonPath, message };
}

describe('validateFiles', () => {
  it('locates every error and warning of a Claude-style file', () => {
    const report = validateFiles([join(fixtures, 'broken-settings.json')]);
    const at = (...rest: Parameters<typeof located> extends [string, ...infer R] ? R : never) =>
      located('broken-settings.json', ...rest);
    expect(report.diagnostics).toEqual([
      at(
        'error',
        8,
        68,
        'hooks.PreToolUse[0].hooks[0].timeout',
        'timeout must be a positive number of seconds, got "5s"',
      ),
      at(
        'error',
        9,
        11,
        'hooks.PreToolUse[0].hooks[1]',
        'command handler needs a non-empty "command" string',
      ),
      at(
        'error',
        10,
        21,
        'hooks.PreToolUse[0].hooks[2].type',
        'unknown handler type "shell"; expected command, http, prompt, agent or mcp_tool',
      ),
      at(
        'warning',
        11,
        54,
        'hooks.PreToolUse[0].hooks[3].timout',
        'unknown key "timout" in a command handler (did you mean "timeout"?); it is ignored',
      ),
      at(
        'error',
        14,
        20,
        'hooks.PreToolUse[1].matcher',
        'matcher "[Bash" is not a valid regular expression (Invalid regular expression: /[Bash/: Unterminated character class); its hooks do not load, so PreToolUse fails closed until it is fixed',
      ),
      at(
        'error',
        16,
        44,
        'hooks.SessionStart[0].hooks[0].type',
        'SessionStart does not run http hooks (it accepts command); this handler would never run',
      ),
      at(
        'error',
        17,
        44,
        'hooks.Notification[0].hooks[0].type',
        'Notification does not run prompt hooks (it accepts command, http, mcp_tool); this handler would never run',
      ),
      at(
        'warning',
        20,
        20,
        'hooks.Stop[0].matcher',
        'Stop has no matcher subject; the matcher "Bash" is ignored',
      ),
      at(
        'warning',
        21,
        75,
        'hooks.Stop[0].hooks[0].timeout',
        'timeout is in seconds: 5000 means about 83 minutes (was it meant as milliseconds?)',
      ),
      at(
        'warning',
        21,
        87,
        'hooks.Stop[0].hooks[0].if',
        '"if" applies to tool events only; on Stop this handler never runs',
      ),
      at(
        'warning',
        24,
        5,
        'hooks.PreToolUs',
        'unknown event "PreToolUs" (did you mean "PreToolUse"?); if the host sends it, its hooks run as notifications (their output is not honoured)',
      ),
    ]);
    expect(report.files).toEqual([
      { file: join(fixtures, 'broken-settings.json'), level: 'explicit', format: 'claude' },
    ]);
  });

  it('gives the line and column of malformed JSON', () => {
    expect(validateFiles([join(fixtures, 'malformed.json')])).toEqual({
      diagnostics: [located('malformed.json', 'error', 5, 7, '$', 'malformed JSON: expected ","')],
      files: [],
    });
  });

  it('reports broken Deep Agents entries as errors, naming the entry', () => {
    const at = (...rest: Parameters<typeof located> extends [string, ...infer R] ? R : never) =>
      located('broken-deepagents.json', ...rest);
    expect(validateFiles([join(fixtures, 'broken-deepagents.json')]).diagnostics).toEqual([
      at(
        'error',
        3,
        18,
        'hooks[0].command',
        'Deep Agents entry 0: "command" must be a non-empty list of strings; the entry never runs',
      ),
      at(
        'error',
        4,
        55,
        'hooks[1].events',
        'Deep Agents entry 1: "events" must be a list of event names; the entry never runs',
      ),
      at(
        'warning',
        5,
        49,
        'hooks[2].events[0]',
        'unknown event "task.completed" (did you mean "task.complete"?); if the host sends it, its hooks run as notifications (their output is not honoured)',
      ),
      at('warning', 5, 83, 'hooks[2].shell', 'unknown key "shell" in a Deep Agents entry; it is ignored'),
      at(
        'error',
        6,
        18,
        'hooks[3].command',
        'Deep Agents entry 3: "command" must be a non-empty list of strings; the entry never runs',
      ),
      at(
        'error',
        7,
        5,
        'hooks[4]',
        'Deep Agents entry 4: must be an object with a "command" list; the entry never runs',
      ),
    ]);
  });

  it('reports a missing file', () => {
    expect(validateFiles([join(fixtures, 'absent.json')]).diagnostics).toEqual([
      located('absent.json', 'error', 1, 1, '$', 'file not found'),
    ]);
  });

  it('validates every real-world example without errors (a plugin hooks file only as its plugin loads it)', () => {
    const examples = join(import.meta.dirname, '..', '..', 'examples', 'real-world');
    const report = validateFiles([examples]);
    // Read as settings, outside its plugin, each ${CLAUDE_PLUGIN_ROOT} hook is refused, as Claude Code does.
    expect(
      report.diagnostics
        .filter((diagnostic) => diagnostic.severity === 'error')
        .map((diagnostic) => [diagnostic.file.slice(examples.length + 1), diagnostic.jsonPath]),
    ).toEqual([
      ['plugin-hooks.json', 'hooks.PostToolUse[0].hooks[0]'],
      ['plugin-hooks.json', 'hooks.Stop[0].hooks[0]'],
    ]);
    const plugin = mkdtempSync(join(tmpdir(), 'hookwire-example-plugin-'));
    try {
      mkdirSync(join(plugin, '.claude-plugin'));
      mkdirSync(join(plugin, 'hooks'));
      mkdirSync(join(plugin, 'scripts'));
      writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), '{"name": "example"}');
      copyFileSync(join(examples, 'plugin-hooks.json'), join(plugin, 'hooks', 'hooks.json'));
      for (const script of ['format.sh', 'check_tests_ran.py'])
        writeFileSync(join(plugin, 'scripts', script), '');
      const asPlugin = validateNamed([], [plugin], plugin, plugin);
      expect(asPlugin.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    } finally {
      rmSync(plugin, { recursive: true, force: true });
    }
    expect(report.files.map((file) => [file.file.slice(examples.length + 1), file.format])).toEqual([
      ['claude-code-settings.json', 'claude'],
      ['deepagents-hooks.json', 'deepagents'],
      ['managed-settings.json', 'claude'],
      ['plugin-hooks.json', 'claude'],
      ['qwen-code-settings.json', 'claude'],
    ]);
  });
});

describe('validateSettingsText', () => {
  const check = (text: string, level: 'explicit' | 'project' | 'deepagents' = 'explicit') =>
    validateSettingsText(text, { file: 'f.json', level }).diagnostics;

  it('checks every handler field against the schema, as loading does (regression: loading checked fewer)', () => {
    const text = `{"hooks": {"Stop": [{"sequential": "yes", "hooks": [
  {"type": "agent", "prompt": "done?", "maxTurns": 1.5, "onFailure": "stop"}]}]}}`;
    expect(check(text)).toEqual([
      {
        severity: 'error',
        file: 'f.json',
        line: 1,
        column: 36,
        jsonPath: 'hooks.Stop[0].sequential',
        message: 'sequential must be true or false, got "yes"',
      },
      {
        severity: 'error',
        file: 'f.json',
        line: 2,
        column: 52,
        jsonPath: 'hooks.Stop[0].hooks[0].maxTurns',
        message: 'maxTurns must be an integer, got 1.5',
      },
      {
        severity: 'error',
        file: 'f.json',
        line: 2,
        column: 70,
        jsonPath: 'hooks.Stop[0].hooks[0].onFailure',
        message: 'onFailure must be "block" or "continue", got "stop"',
      },
    ]);
  });

  it('warns about allowManagedHooksOnly outside managed settings, not about other top-level keys', () => {
    expect(check('{"allowManagedHooksOnly": true, "model": "x", "env": {}}', 'project')).toEqual([
      {
        severity: 'warning',
        file: 'f.json',
        line: 1,
        column: 27,
        jsonPath: 'allowManagedHooksOnly',
        message:
          'allowManagedHooksOnly is honoured only in managed settings; it is ignored in project settings',
      },
    ]);
  });

  it('requires a hooks list in the Deep Agents source', () => {
    expect(check('{"hooks": {}}', 'deepagents')).toEqual([]);
    expect(check('{"version": 1}', 'deepagents')).toEqual([
      {
        severity: 'error',
        file: 'f.json',
        line: 1,
        column: 1,
        jsonPath: '$',
        message: 'a Deep Agents hooks.json must be an object with a "hooks" list; no hooks loaded',
      },
    ]);
  });

  it('accepts exact-name matchers with spaces, commas and dashes, and anchored regexes', () => {
    const text = `{"hooks": {"PreToolUse": [
  {"matcher": "Edit, Write|mcp-fs", "hooks": [{"type": "command", "command": "a"}]},
  {"matcher": "^mcp__.*", "hooks": [{"type": "command", "command": "b"}]},
  {"matcher": " * ", "hooks": [{"type": "command", "command": "c"}]}]}}`;
    expect(check(text)).toEqual([]);
  });
});

describe('a settings file that is not valid UTF-8', () => {
  it('is read, with a located warning from validate and the loader alike', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { loadSettings } = await import('../../src/settings/load-settings.js');
    const directory = mkdtempSync(join(tmpdir(), 'hookwire-utf8-'));
    try {
      const file = join(directory, 'settings.json');
      const head = '{"hooks":{"Stop":[{"hooks":[{"type":"command",\n"command":"echo ';
      writeFileSync(file, Buffer.concat([Buffer.from(head), Buffer.of(0xff), Buffer.from('"}]}]}}')]));
      const warning: Diagnostic = {
        severity: 'warning',
        file,
        line: 2,
        column: 17,
        jsonPath: '$',
        message: 'the file is not valid UTF-8: its invalid bytes are read as U+FFFD (\ufffd)',
      };
      expect(validateFiles([file]).diagnostics).toEqual([warning]);
      const loaded = loadSettings({
        cwd: directory,
        projectDir: directory,
        homeDir: directory,
        managedSettingsPath: join(directory, 'none'),
        deepAgentsPath: join(directory, 'none'),
        files: [file],
      });
      expect(loaded.diagnostics).toEqual([warning]);
      expect(loaded.hooks).toHaveLength(1);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
