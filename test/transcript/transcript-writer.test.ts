import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTranscriptWriter, HookwireError } from '../../src/index.js';
import { readOnlyDirectory } from '../support/read-only-directory.js';

const root = mkdtempSync(join(tmpdir(), 'hookwire-transcript-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sessionId = '6f1c2a9e-3b7d-4c1e-9a52-8d0e4f7b1c23';
const cwd = '/home/dev/project';
let count = 0;

function entriesOf(path: string): Record<string, unknown>[] {
  const text = readFileSync(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function newPath(): string {
  count += 1;
  return join(root, `projects-${count}`, '-home-dev-project', `${sessionId}.jsonl`);
}

const common = {
  isSidechain: false,
  userType: 'external',
  cwd,
  sessionId,
  uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
  timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
};

describe('createTranscriptWriter', () => {
  it("writes a turn in Claude Code's transcript shape, each entry the child of the one before", async () => {
    const writer = createTranscriptWriter({ path: newPath(), sessionId, cwd });
    const user = writer.appendUser('list the files');
    const call = writer.appendAssistant([
      { type: 'text', text: 'Listing them.' },
      { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'ls' } },
    ]);
    const result = writer.appendToolResult('toolu_01', 'a.ts\nb.ts', false);
    const answer = writer.appendAssistant('Two files: a.ts and b.ts.');
    await writer.close();

    expect(entriesOf(writer.path)).toEqual([
      {
        parentUuid: null,
        ...common,
        type: 'user',
        message: { role: 'user', content: 'list the files' },
        uuid: user,
      },
      {
        parentUuid: user,
        ...common,
        type: 'assistant',
        message: {
          id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
          type: 'message',
          role: 'assistant',
          model: 'hookwire',
          content: [
            { type: 'text', text: 'Listing them.' },
            { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'ls' } },
          ],
          stop_reason: 'tool_use',
          stop_sequence: null,
        },
        uuid: call,
      },
      {
        parentUuid: call,
        ...common,
        type: 'user',
        message: {
          role: 'user',
          content: [{ tool_use_id: 'toolu_01', type: 'tool_result', content: 'a.ts\nb.ts', is_error: false }],
        },
        uuid: result,
      },
      {
        parentUuid: result,
        ...common,
        type: 'assistant',
        message: {
          id: expect.stringMatching(/^msg_/),
          type: 'message',
          role: 'assistant',
          model: 'hookwire',
          content: [{ type: 'text', text: 'Two files: a.ts and b.ts.' }],
          stop_reason: 'end_turn',
          stop_sequence: null,
        },
        uuid: answer,
      },
    ]);
  });

  it('creates the file 0600 and its directories 0700', async () => {
    const writer = createTranscriptWriter({ path: newPath(), sessionId, cwd });
    writer.appendUser('hello');
    await writer.close();
    expect(statSync(writer.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(writer.path, '..')).mode & 0o777).toBe(0o700);
  });

  it('keeps appends in call order, whole lines only, however many are queued at once', async () => {
    const writer = createTranscriptWriter({ path: newPath(), sessionId, cwd });
    const big = 'x'.repeat(100_000);
    const uuids = Array.from({ length: 300 }, (_, index) =>
      index % 2 === 0 ? writer.appendUser(`${index} ${big}`) : writer.appendAssistant(`${index}`),
    );
    await writer.flush();
    const entries = entriesOf(writer.path);
    expect(entries.map((entry) => entry.uuid)).toEqual(uuids);
    expect(entries.map((entry) => entry.parentUuid)).toEqual([null, ...uuids.slice(0, -1)]);
    await writer.close();
  });

  it('continues the parentUuid chain of a transcript that already has entries', async () => {
    const path = newPath();
    const first = createTranscriptWriter({ path, sessionId, cwd });
    const last = first.appendAssistant('first session');
    await first.close();
    const second = createTranscriptWriter({ path, sessionId, cwd });
    second.appendUser('resumed');
    await second.close();
    expect(entriesOf(path).map((entry) => entry.parentUuid)).toEqual([null, last]);
  });

  it('refuses appends after close, and close is idempotent', async () => {
    const writer = createTranscriptWriter({ path: newPath(), sessionId, cwd });
    await writer.close();
    await writer.close();
    expect(() => writer.appendUser('late')).toThrow(
      expect.objectContaining({ kind: 'closed', message: `${writer.path}: the transcript writer is closed` }),
    );
  });

  it('names the path when the transcript cannot be created in a read-only directory', () => {
    const directory = readOnlyDirectory(join(root, 'read-only'));
    try {
      const path = join(directory.path, 'session.jsonl');
      let error: unknown;
      try {
        createTranscriptWriter({ path, sessionId, cwd });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(HookwireError);
      expect(error).toMatchObject({
        kind: 'io',
        message: expect.stringMatching(
          new RegExp(
            `^${path.replaceAll('.', '\\.')}: cannot open the transcript for appending: E(ACCES|PERM)`,
          ),
        ),
      });
    } finally {
      directory.restore();
    }
  });

  // /dev/full accepts the open and refuses every write (ENOSPC): a real disk-full, on Linux.
  it.skipIf(!existsSync('/dev/full'))(
    'reports a failed write at flush and close, naming the file',
    async () => {
      const writer = createTranscriptWriter({ path: '/dev/full', sessionId, cwd });
      writer.appendUser('lost');
      writer.appendUser('dropped after the failure');
      const expected = {
        kind: 'io',
        message: expect.stringMatching(/^\/dev\/full: cannot append to the transcript: ENOSPC/),
      };
      await expect(writer.flush()).rejects.toMatchObject(expected);
      await expect(writer.close()).rejects.toMatchObject(expected);
    },
  );
});
