import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactTranscriptValue, redactUrl } from '../../../src/hosts/deepagents/redact-transcript.js';
import { safeComponent, TranscriptStore } from '../../../src/hosts/deepagents/transcript-store.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hookwire-transcripts-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

describe('the Hooks v2 transcript store', () => {
  it('writes redacted records at upstream’s path, 0600, and keeps the previous revision aside', () => {
    const store = new TranscriptStore(join(root, 'transcripts'));
    store.append('thread-1', [
      { role: 'user', content: 'token OPENAI_API_KEY=placeholder https://example.com?access_token=opaque' },
      { role: 'assistant', content: 'done' },
    ]);
    const first = store.materialize('thread-1');
    expect(first.path).toBe(join(root, 'transcripts', `${safeComponent('thread-1')}.jsonl`));
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'transcripts')).mode & 0o777).toBe(0o700);
    const records = lines(first.path);
    expect(records).toEqual([
      {
        schema_version: 1,
        sequence: 0,
        record_id: 'user:0',
        thread_id: 'thread-1',
        role: 'user',
        content: 'token OPENAI_API_KEY=[redacted] https://example.com?access_token=%5Bredacted%5D',
      },
      {
        schema_version: 1,
        sequence: 1,
        record_id: 'assistant:1',
        thread_id: 'thread-1',
        role: 'assistant',
        content: 'done',
      },
    ]);
    const before = readFileSync(first.path, 'utf8');
    store.append('thread-1', [{ role: 'tool', content: 'ok', id: 'm-3', name: 'ls' }]);
    const second = store.materialize('thread-1');
    expect(second.revision).not.toBe(first.revision);
    expect(readFileSync(`${first.path}.bak-${first.revision}`, 'utf8')).toBe(before);
    expect(lines(second.path)[2]).toEqual({
      schema_version: 1,
      sequence: 2,
      record_id: 'm-3',
      thread_id: 'thread-1',
      role: 'tool',
      message_id: 'm-3',
      content: 'ok',
      name: 'ls',
    });
  });

  it('skips a message whose id it recorded, and nests a subagent’s transcript under its thread', () => {
    const store = new TranscriptStore(root);
    store.append('t', [{ role: 'user', content: 'hi', id: 'same' }]);
    store.append('t', [{ role: 'user', content: 'hi', id: 'same' }]);
    expect(lines(store.materialize('t').path)).toHaveLength(1);
    store.append('t', [{ role: 'assistant', content: 'sub' }], 'call-1');
    const agent = store.materialize('t', 'call-1');
    expect(agent.path).toBe(join(root, safeComponent('t'), 'agents', `${safeComponent('call-1')}.jsonl`));
    expect(lines(agent.path)[0]).toMatchObject({ agent_id: 'call-1', thread_id: 't', role: 'assistant' });
  });

  it('folds in records another process wrote, and an unchanged buffer writes nothing', () => {
    const one = new TranscriptStore(root);
    const two = new TranscriptStore(root);
    one.append('t', [{ role: 'user', content: 'a', id: 'a' }]);
    one.materialize('t');
    two.append('t', [{ role: 'user', content: 'b', id: 'b' }]);
    const merged = two.materialize('t');
    expect(lines(merged.path).map((record) => [record.record_id, record.sequence])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    const backups = readdirSync(root).filter((name) => name.includes('.bak-'));
    expect(two.materialize('t').revision).toBe(merged.revision);
    expect(readdirSync(root).filter((name) => name.includes('.bak-'))).toEqual(backups);
  });
});

describe('transcript redaction', () => {
  it('follows upstream’s rules', () => {
    expect(redactTranscriptValue({ token: 'placeholder', nested: ['Bearer abcdefghijkl'] })).toEqual({
      token: '[redacted]',
      nested: ['Bearer [redacted]'],
    });
    expect(redactTranscriptValue('key sk-ant-abcdefgh12 and eyJabcdefg.hijklmnop.qrstuvwx')).toBe(
      'key [redacted] and [redacted]',
    );
    expect(redactUrl('https://user:pw@Example.COM:8443/a/b?x=1&y#frag')).toBe(
      'https://example.com:8443/[redacted]?x=%5Bredacted%5D&y=%5Bredacted%5D#[redacted]',
    );
    expect(redactUrl('http://example.com:99999/')).toBe('[redacted URL]');
    expect(redactUrl('http://[::1]:80/x')).toBe('http://[::1]:80/[redacted]');
  });
});
