import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecretText } from '../../src/trace/redact-secrets.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * Redaction runs over text others shape (files the agent read, web pages in tool responses, hook output),
 * before it is written to a trace or sent as a span label. Two promises: a credential of a known shape never
 * survives, whatever text surrounds it; and no text stalls it (the adversarial inputs below would run for
 * hours under a pattern that backtracks without bound; finishing is the assertion, no time is measured).
 */

const ALPHANUMERIC = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split(''),
);
const UPPER_DIGIT = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const fill = (unit: fc.Arbitrary<string>, length: number) =>
  fc.string({ unit, minLength: length, maxLength: length + 8 });

/** A credential in one of the shapes docs/traces.md lists, and the part that must not survive. */
const credential: fc.Arbitrary<{ text: string; secret: string }> = fc.oneof(
  fill(ALPHANUMERIC, 36).map((secret) => ({ text: `npm_${secret}`, secret })),
  fill(ALPHANUMERIC, 24).map((secret) => ({ text: `sk_live_${secret}`, secret })),
  fill(ALPHANUMERIC, 36).map((secret) => ({ text: `ghp_${secret}`, secret })),
  fill(ALPHANUMERIC, 24).map((secret) => ({ text: `sk-ant-${secret}`, secret })),
  fc
    .string({ unit: UPPER_DIGIT, minLength: 16, maxLength: 16 })
    .map((secret) => ({ text: `ASIA${secret}`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `AWS_SECRET_ACCESS_KEY=${secret}`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `"password": "${secret}"`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `https://user:${secret}@example.com/x`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `curl -u user:${secret} https://x`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `https://x/y?a=1&access_token=${secret}&b=2`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `-H "Authorization: Bearer ${secret}"`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `--api-key ${secret}`, secret })),
  fc
    .tuple(
      fc.constantFrom('mysql', 'mysqldump', 'mysqladmin', 'mariadb', 'mariadb-dump'),
      fc.constantFrom('', ' -u root', ' -h db.internal -u app'),
      fill(ALPHANUMERIC, 12),
    )
    .map(([client, options, secret]) => ({ text: `${client}${options} -p${secret} app`, secret })),
  fill(ALPHANUMERIC, 12).map((secret) => ({ text: `sshpass -p ${secret} ssh host`, secret })),
);
const context = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('a', '=', ':', '"', "'", '/', '@', '?', '&', '-', ' ', '\n'),
    maxLength: 40,
  }),
);

describe('redaction', () => {
  it('removes every credential of a known shape, whatever text surrounds it', async () => {
    await fuzzCheck(
      'redaction: known credentials removed',
      fc.property(context, credential, context, (before, { text, secret }, after) => {
        const redacted = redactSecretText(`${before} ${text} ${after}`);
        expect(redacted).not.toContain(secret);
      }),
      400,
    );
  });

  it('never throws on any text', async () => {
    await fuzzCheck(
      'redaction: any text',
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(typeof redactSecretText(text)).toBe('string');
      }),
      400,
    );
  });

  it('finishes on adversarial text of 512 KiB for every pattern (no unbounded backtracking)', () => {
    const size = 1 << 19;
    const repeat = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const adversarial = [
      repeat('-----BEGIN RSA PRIVATE KEY-----\n'),
      repeat('eyJ-'),
      repeat('.eyJ'),
      repeat('eyJabcdefgh.abcdefgh-'),
      repeat('eyJabcdefgh.'),
      repeat('a://'),
      repeat('a://b:'),
      repeat('-u a:'),
      repeat('mysql -p'),
      repeat('mysql a'),
      repeat('sshpass -p '),
      repeat('token'),
      repeat('token='),
      repeat(' token'),
      repeat('"token'),
      repeat('?a'),
      repeat('&token'),
      repeat('--token '),
      repeat('Authorization: '),
      repeat('SG.aaaaaaaaaaaaaaaaaaaa'),
      repeat('A1a/'),
      'a'.repeat(size),
    ];
    for (const text of adversarial) expect(typeof redactSecretText(text)).toBe('string');
  });
});

describe('redaction of short password options', () => {
  it('leaves -p of other programs (a negative control)', () => {
    expect(redactSecretText('mkdir -p build && cp -pr a b')).toBe('mkdir -p build && cp -pr a b');
    expect(redactSecretText('mysql -u root db; mkdir -p out')).toBe('mysql -u root db; mkdir -p out');
  });
});
