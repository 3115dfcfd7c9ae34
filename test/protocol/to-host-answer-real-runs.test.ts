import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { unknownEvent } from '../../src/events/hook-io.js';
import { toHostAnswer } from '../../src/protocol/to-host-answer.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { temporaryHome } from '../engine/engine-harness.js';

/*
 * toHostAnswer of outcomes the engine built from real hook processes, so the runs carry the messages real
 * runs carry (`[<label>]: …`), not hand-written ones: what `hookwire run` writes on stderr for each.
 */
const engines: Engine[] = [];
const homes: Array<{ remove(): void }> = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const home of homes.splice(0)) home.remove();
});

async function answerOf(hooks: ClaudeSettings['hooks'], event: string, payload: Record<string, unknown>) {
  const home = temporaryHome();
  homes.push(home);
  const engine = await createEngine({ ...home.options, settings: [{ hooks }] });
  engines.push(engine);
  return toHostAnswer(await engine.fire(unknownEvent(event), payload));
}

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

describe('toHostAnswer of real runs', () => {
  it('a hook that exits 1 is named once on the failure line', async () => {
    const answer = await answerOf(
      { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 1' }] }] },
      'PreToolUse',
      bash,
    );
    // Claude Code's hook_no_verdict warning, said as a system message (docs/protocol.md).
    expect(answer).toEqual({
      stdout: `${JSON.stringify({ systemMessage: "A hook gave no usable answer, so it didn't check this action." })}\n`,
      stderr: 'hookwire: [exit 1] exited with code 1\n',
      exitCode: 0,
    });
  });

  it('a hook that exits 1 with stderr gives its stderr, named once', async () => {
    const answer = await answerOf(
      { SessionEnd: [{ hooks: [{ type: 'command', command: 'echo disk full >&2; exit 1' }] }] },
      'SessionEnd',
      { reason: 'exit' },
    );
    expect(answer).toEqual({
      stdout: '',
      stderr: 'hookwire: [echo disk full >&2; exit 1] disk full\n',
      exitCode: 0,
    });
  });

  it('a hook that timed out says after how long', async () => {
    const answer = await answerOf(
      { PreToolUse: [{ hooks: [{ type: 'command', command: 'exec sleep 30', timeout: 1 }] }] },
      'PreToolUse',
      bash,
    );
    expect(answer).toEqual({
      stdout: `${JSON.stringify({ systemMessage: "A hook didn't answer in time, so it didn't check this action." })}\n`,
      stderr: 'hookwire: [exec sleep 30] timed out after 1s\n',
      exitCode: 0,
    });
  });

  it('a hook that blocks with exit 2 is re-told as exit 2 with its own stderr', async () => {
    const answer = await answerOf(
      { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo no ls >&2; exit 2' }] }] },
      'PreToolUse',
      bash,
    );
    expect(answer).toEqual({ stdout: '', stderr: 'no ls\n', exitCode: 2 });
  });
});
