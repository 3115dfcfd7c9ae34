import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  linkSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { appendTraceLine } from '../../src/trace/append-trace-line.js';
import { redactSecrets, redactSecretText } from '../../src/trace/redact-secrets.js';
import { traceFileName } from '../../src/trace/trace-file-name.js';
import type { TraceLine } from '../../src/trace/trace-line.js';
import { temporaryHome } from '../engine/engine-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tracedEngine(
  hooks: ClaudeSettings['hooks'],
  trace: Partial<NonNullable<EngineOptions['trace']>> = {},
): Promise<{ engine: Engine; dir: string; warnings: string[] }> {
  const home = temporaryHome();
  const dir = join(home.root, 'traces');
  const warnings: string[] = [];
  const engine = await createEngine({
    ...home.options,
    settings: [{ hooks }],
    trace: { dir, onWarning: (message) => warnings.push(message), ...trace },
  });
  cleanups.push(async () => {
    await engine.close();
    home.remove();
  });
  return { engine, dir, warnings };
}

function linesOf(file: string): TraceLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TraceLine);
}

const guard: ClaudeSettings['hooks'] = {
  PreToolUse: [
    {
      matcher: 'Bash',
      hooks: [
        { type: 'command', command: 'cat >/dev/null; echo fine' },
        {
          type: 'command',
          command: 'cat >/dev/null; echo "no: sk-ant-api03-abcdefghijklmnopqrstuv" >&2; exit 2',
        },
      ],
    },
  ],
};
const payload = {
  session_id: 'session-1',
  tool_name: 'Bash',
  tool_input: { command: 'curl -H "Authorization: Bearer abcdefghijklmnop" x', api_key: 'k-123' },
  tool_use_id: 'toolu_01',
};

describe('the engine option trace', () => {
  it('appends one versioned line per event to the session file, 0600 in a 0700 directory, secrets redacted', async () => {
    const { engine, dir, warnings } = await tracedEngine(guard, {
      answer: (outcome) => ({ decision: outcome.decision }),
    });
    await engine.fire('PreToolUse', payload);
    await engine.fire('PreToolUse', { ...payload, tool_input: { command: 'ls' } });

    expect(readdirSync(dir)).toEqual(['session-1.trace.jsonl']);
    const file = join(dir, 'session-1.trace.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [first, second] = linesOf(file);
    expect(first).toMatchObject({
      v: 1,
      event: 'PreToolUse',
      sessionId: 'session-1',
      redacted: true,
      answer: { decision: 'deny' },
      payload: {
        session_id: 'session-1',
        tool_input: { command: 'curl -H "Authorization: Bearer [redacted]" x', api_key: '[redacted]' },
      },
    });
    expect(Number.isNaN(Date.parse(first?.time ?? ''))).toBe(false);
    const blocker = first?.outcome.runs[1];
    expect(blocker?.stderr).toBe('no: [redacted]\n');
    expect(blocker?.status).toBe('blocking');
    expect(first?.outcome.runs.map((run) => run.startedAtMs >= 0)).toEqual([true, true]);
    expect(second?.outcome.decision).toBe('deny');
    expect(warnings).toEqual([]);
  });

  it('records payloads and output as they are with redact: false', async () => {
    const { engine, dir } = await tracedEngine(guard, { redact: false });
    await engine.fire('PreToolUse', payload);
    const [line] = linesOf(join(dir, 'session-1.trace.jsonl'));
    expect(line?.payload).toEqual(payload);
    expect(line?.redacted).toBe(false);
    expect(line?.answer).toBeNull();
    expect(line?.outcome.runs[1]?.stderr).toBe('no: sk-ant-api03-abcdefghijklmnopqrstuv\n');
  });

  it('rotates a file that would pass maxBytes, keeping `keep` older files', async () => {
    const { engine, dir } = await tracedEngine(guard, { maxBytes: 2000, keep: 2 });
    for (let count = 0; count < 8; count++) await engine.fire('PreToolUse', payload);
    expect(readdirSync(dir).sort()).toEqual([
      'session-1.trace.jsonl',
      'session-1.trace.jsonl.1',
      'session-1.trace.jsonl.2',
    ]);
    for (const name of readdirSync(dir)) {
      // Each file holds whole lines only, and one line when a single line is larger than the bound.
      const lines = linesOf(join(dir, name));
      expect(lines.length).toBeGreaterThan(0);
      expect(statSync(join(dir, name)).size <= 2000 || lines.length === 1).toBe(true);
    }
  });

  it('gives the answer and warns once when the directory cannot be written', async () => {
    const home = temporaryHome();
    cleanups.push(home.remove);
    // A regular file where the directory should be: unwritable for root too, whom file modes do not stop.
    const blocked = join(home.root, 'not-a-directory');
    writeFileSync(blocked, '');
    const { engine, warnings } = await tracedEngine(guard, { dir: join(blocked, 'traces') });
    const outcome = await engine.fire('PreToolUse', payload);
    await engine.fire('PreToolUse', payload);
    expect(outcome.decision).toBe('deny');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^trace: cannot record PreToolUse in .*not-a-directory\/traces\/session-1\.trace\.jsonl: ENOTDIR/,
    );
  });

  it('refuses options it cannot use, at createEngine', async () => {
    const home = temporaryHome();
    cleanups.push(home.remove);
    await expect(createEngine({ ...home.options, trace: { dir: '' } })).rejects.toThrow(HookwireError);
    await expect(createEngine({ ...home.options, trace: { dir: 'x', maxBytes: 0 } })).rejects.toThrow(
      'trace.maxBytes must be a positive integer, not 0',
    );
  });
});

describe('a planted trace file is never written through', () => {
  async function plant(
    make: (file: string, victim: string) => void,
  ): Promise<{ warnings: string[]; victim: string; decision: unknown }> {
    const home = temporaryHome();
    cleanups.push(home.remove);
    const victim = join(home.root, 'victim');
    writeFileSync(victim, 'precious\n');
    chmodSync(victim, 0o644);
    const dir = join(home.root, 'shared');
    const { engine, warnings } = await tracedEngine(guard, { dir });
    execFileSync('mkdir', ['-p', dir]);
    make(join(dir, 'session-1.trace.jsonl'), victim);
    const outcome = await engine.fire('PreToolUse', payload);
    return { warnings, victim, decision: outcome.decision };
  }

  it.each([
    [
      'a symbolic link',
      (file: string, victim: string) => symlinkSync(victim, file),
      'it is a symbolic link, which a trace never follows',
    ],
    [
      'a hard link',
      (file: string, victim: string) => linkSync(victim, file),
      "it has 2 hard links, so it may be another file's; it is not written to",
    ],
    [
      'a FIFO',
      (file: string) => execFileSync('mkfifo', [file]),
      'it is not a regular file; it is not written to',
    ],
    ['a directory', (file: string) => execFileSync('mkdir', [file]), 'EISDIR'],
  ])('%s: refused with a warning, the victim unchanged, the answer the same', async (_name, make, reason) => {
    const { warnings, victim, decision } = await plant(make);
    expect(decision).toBe('deny');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('trace: cannot record PreToolUse in ');
    expect(warnings[0]).toContain(reason);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
  });
});

describe('trace file names', () => {
  it('keep plain session ids and make the others safe and distinct', () => {
    expect(traceFileName('0b6c3f2e-9d1a-4c55-8f0e-1d2c3b4a5f60')).toBe(
      '0b6c3f2e-9d1a-4c55-8f0e-1d2c3b4a5f60.trace.jsonl',
    );
    const slashed = traceFileName('../../etc/passwd');
    expect(slashed).toMatch(/^______etc_passwd-[0-9a-f]{16}\.trace\.jsonl$/);
    expect(traceFileName('a/b')).not.toBe(traceFileName('a_b'));
    expect(traceFileName('..')).toMatch(/^__-[0-9a-f]{16}\.trace\.jsonl$/);
    expect(traceFileName('x'.repeat(300)).length).toBeLessThan(100);
  });
});

describe('redactSecrets', () => {
  it('redacts secret-named fields and credential-looking values, and nothing else', () => {
    const given = {
      tool_input: {
        command: 'export GH=ghp_abcdefghijklmnopqrstuvwxyz0123 && deploy',
        password: 'hunter2',
        headers: { Authorization: 'Basic dXNlcjpwYXNz' },
        max_tokens: 1000,
      },
      aws: 'AKIAABCDEFGHIJKLMNOP',
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXBhcnQ',
      pem: '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----',
      list: ['sk-proj-abcdefghijklmnopqrst', 'plain'],
      session_id: 'keep-me',
    };
    expect(redactSecrets(given)).toEqual({
      tool_input: {
        command: 'export GH=[redacted] && deploy',
        password: '[redacted]',
        headers: { Authorization: '[redacted]' },
        max_tokens: 1000,
      },
      aws: '[redacted]',
      jwt: '[redacted]',
      pem: '[redacted]',
      list: ['[redacted]', 'plain'],
      session_id: 'keep-me',
    });
    expect(given.tool_input.password).toBe('hunter2');
  });
});

describe('redactSecretText', () => {
  it.each([
    [
      'an AWS secret key, named',
      'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls',
      'AWS_SECRET_ACCESS_KEY=[redacted] aws s3 ls',
    ],
    ['an AWS secret key, alone', 'key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY here', 'key [redacted] here'],
    ['an AWS temporary key id', 'id ASIAABCDEFGHIJKLMNOP', 'id [redacted]'],
    [
      'an npm token',
      'NPM=npm_abcdefghijklmnopqrstuvwxyz0123456789 npm publish',
      'NPM=[redacted] npm publish',
    ],
    ['Stripe keys', 'sk_live_abcdefghijklmnop1234 rk_test_abcdefghij12', '[redacted] [redacted]'],
    [
      'a URL password',
      'git clone https://bob:hunter2hunter2@github.com/o/r.git',
      'git clone https://bob:[redacted]@github.com/o/r.git',
    ],
    [
      'a database URL',
      'DATABASE_URL=postgres://app:pw@db:5432/x',
      'DATABASE_URL=postgres://app:[redacted]@db:5432/x',
    ],
    ['curl -u', 'curl -u alice:s3cr3t https://x', 'curl -u alice:[redacted] https://x'],
    ['curl --user=', "curl --user='alice:s3cr3t' https://x", "curl --user='alice:[redacted]' https://x"],
    [
      'query credentials',
      'curl "https://x/v1?token=abc123&page=2&key=k1&sig=s1"',
      'curl "https://x/v1?token=[redacted]&page=2&key=[redacted]&sig=[redacted]"',
    ],
    [
      'a token behind a URL parameter',
      'next=https://x/cb?access_token=abc',
      'next=https://x/cb?access_token=[redacted]',
    ],
    [
      'Authorization: token',
      'curl -H "Authorization: token abc123def" x',
      'curl -H "Authorization: token [redacted]" x',
    ],
    ['an API key header', "curl -H 'X-Api-Key: abc123def' x", "curl -H 'X-Api-Key: [redacted]' x"],
    [
      'JSON text',
      '{"max_tokens": 1000, "password":"hunter2", "user":"bob"}',
      '{"max_tokens": 1000, "password":"[redacted]", "user":"bob"}',
    ],
    ['an option', 'mysql --password hunter2 -h db', 'mysql --password [redacted] -h db'],
    [
      'nothing secret',
      'git log 3f786850e387550fdab836ed7e6dc881de23001b --max-count=3 tokens: 12',
      'git log 3f786850e387550fdab836ed7e6dc881de23001b --max-count=3 tokens: 12',
    ],
  ])('%s', (_shape, text, expected) => {
    expect(redactSecretText(text)).toBe(expected);
  });
});

describe('appendTraceLine', () => {
  it('starts afresh with keep 0', () => {
    const home = temporaryHome();
    cleanups.push(home.remove);
    const file = join(home.root, 't.jsonl');
    appendTraceLine(file, `${'a'.repeat(50)}\n`, { maxBytes: 60, keep: 0 });
    appendTraceLine(file, `${'b'.repeat(50)}\n`, { maxBytes: 60, keep: 0 });
    expect(readFileSync(file, 'utf8')).toBe(`${'b'.repeat(50)}\n`);
    expect(readdirSync(home.root)).toEqual(['t.jsonl']);
  });
});
