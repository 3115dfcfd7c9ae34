import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerEvent } from '../../src/cli/answer/answer-event.js';
import { trustFiles } from '../support/trust-files.js';

/*
 * `--host copilot` or `--host gemini` given a Claude Code event name: the settings that call hookwire were
 * written for another host. The event is answered as the catalogue's, with a line on stderr (docs/cli.md).
 */
const base = mkdtempSync(join(tmpdir(), 'hookwire-foreign-event-'));
// The state directory outside the project, where hookwire keeps it without a word.
const state = mkdtempSync(join(tmpdir(), 'hookwire-foreign-event-state-'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});
mkdirSync(join(base, '.git'));
const settings = join(base, 'settings.json');
writeFileSync(settings, '{"hooks":{}}');
trustFiles(state, [settings]);

async function stderrOf(host: string, event: string): Promise<string> {
  let stderr = '';
  await answerEvent(['--host', host, '--settings', settings, event], {
    stdin: JSON.stringify({ hook_event_name: event, session_id: 's', cwd: base, tool_name: 'Bash' }),
    env: { HOOKWIRE_HOME: base, HOOKWIRE_STATE_DIR: state },
    cwd: base,
    write: (descriptor, text) => {
      if (descriptor === 2) stderr += text;
    },
    launcher: () => () => undefined,
  });
  return stderr;
}

describe('an event name the host never sends', () => {
  it.each([
    [
      'copilot',
      'PreToolUse',
      'hookwire run: --host copilot: "PreToolUse" is not an event name GitHub Copilot CLI sends (its name for it is "preToolUse"); answered as the catalogue\'s PreToolUse: check the settings that call hookwire run\n',
    ],
    [
      'gemini',
      'PreToolUse',
      'hookwire run: --host gemini: "PreToolUse" is not an event name Gemini CLI sends (its name for it is "BeforeTool"); answered as the catalogue\'s PreToolUse: check the settings that call hookwire run\n',
    ],
    [
      'gemini',
      'PermissionRequest',
      'hookwire run: --host gemini: "PermissionRequest" is not an event name Gemini CLI sends (it has no such event); answered as the catalogue\'s PermissionRequest: check the settings that call hookwire run\n',
    ],
  ])('on %s, %s is told on stderr', async (host, event, line) => {
    expect(await stderrOf(host, event)).toBe(line);
  });

  it.each([
    ['copilot', 'preToolUse'],
    ['gemini', 'BeforeTool'],
    ['claude', 'PreToolUse'],
    ['qwen-code', 'PreToolUse'],
  ])("is not told for the host's own name (%s %s)", async (host, event) => {
    expect(await stderrOf(host, event)).toBe('');
  });
});
