import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedLookup, type Resolver } from '../../src/run/http/network-guard.js';
import { createHttpRunner } from '../../src/run/http-runner.js';
import { checkUrlPolicy } from '../../src/settings/check-url-policy.js';
import { makeHttpRequest, policyAllowing } from './make-http-request.js';
import { answer, startTestServer, type TestServer } from './test-server.js';

const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };

describe('checkUrlPolicy', () => {
  it('allows every http(s) URL when no policy is set, without opening private addresses', () => {
    expect(checkUrlPolicy('https://hooks.example.com/x', undefined, 'project')).toMatchObject({
      allowed: true,
      allowPrivate: false,
    });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(checkUrlPolicy('file:///etc/passwd', undefined, 'user')).toEqual({
      allowed: false,
      reason: '"file:///etc/passwd" is not an http or https URL',
    });
    expect(checkUrlPolicy('not a url', undefined, 'user')).toEqual({
      allowed: false,
      reason: '"not a url" is not a valid URL',
    });
  });

  it('a user or managed hook may reach private addresses itself; a project, local or inline one may not', () => {
    for (const [level, allowPrivate] of [
      ['user', true],
      ['managed', true],
      ['project', false],
      ['local', false],
      ['explicit', false],
      ['inline', false],
    ] as const) {
      expect(checkUrlPolicy('http://127.0.0.1:8787/audit', undefined, level)).toMatchObject({
        allowed: true,
        allowPrivate,
      });
    }
  });

  it('an empty list blocks every URL', () => {
    expect(checkUrlPolicy('https://hooks.example.com/x', policyAllowing([]), 'managed')).toEqual({
      allowed: false,
      reason: 'allowedHttpHookUrls is an empty list, which blocks every http hook',
    });
  });

  it('a URL outside the list is refused, naming it (with any password redacted)', () => {
    expect(
      checkUrlPolicy('https://u:pw@evil.test/x', policyAllowing(['https://hooks.example.com/*']), 'user'),
    ).toEqual({
      allowed: false,
      reason: 'https://u:***@evil.test/x matches no allowedHttpHookUrls pattern',
    });
  });

  it('only a user or managed pattern opens private addresses', () => {
    const url = 'http://localhost:8080/hook';
    for (const [level, allowPrivate] of [
      ['user', true],
      ['managed', true],
      ['project', false],
      ['local', false],
      ['explicit', false],
      ['inline', false],
    ] as const) {
      expect(checkUrlPolicy(url, policyAllowing(['http://localhost:*'], level), 'project')).toMatchObject({
        allowed: true,
        allowPrivate,
      });
    }
  });

  it('a project pattern beside a user pattern for a different URL does not open the door', () => {
    const policy = {
      ...policyAllowing(['https://hooks.example.com/*'], 'user'),
      allowedHttpHookUrls: [
        { pattern: 'https://hooks.example.com/*', level: 'user' as const },
        { pattern: 'http://localhost:*', level: 'project' as const },
      ],
    };
    expect(checkUrlPolicy('http://localhost:1/x', policy, 'project')).toMatchObject({
      allowed: true,
      allowPrivate: false,
    });
  });
});

describe('the guarded lookup', () => {
  const lookupWith = (addresses: Array<{ address: string; family: 4 | 6 }>, allowPrivate: boolean) =>
    createGuardedLookup(allowPrivate, async () => addresses);

  function lookUp(lookup: ReturnType<typeof createGuardedLookup>, all: boolean) {
    return new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      lookup('h.test', { all }, (error, address) => resolve({ error, address })),
    );
  }

  it('refuses when any resolved address is forbidden, whatever the order', async () => {
    const mixed = lookupWith(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ],
      true,
    );
    const { error } = await lookUp(mixed, true);
    expect(error?.message).toBe(
      'h.test resolves to ::ffff:169.254.169.254 is a cloud metadata or link-local address, always refused',
    );
  });

  it('passes public addresses through in both callback forms', async () => {
    const lookup = lookupWith([{ address: '93.184.216.34', family: 4 }], false);
    expect(await lookUp(lookup, true)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await lookUp(lookup, false)).toEqual({ error: null, address: '93.184.216.34' });
  });

  it('refuses metadata host names before resolving', async () => {
    let resolved = false;
    const lookup = createGuardedLookup(true, async () => {
      resolved = true;
      return [{ address: '93.184.216.34', family: 4 }];
    });
    const error = await new Promise<Error | null>((resolve) =>
      lookup('Metadata.Google.Internal.', {}, (failure) => resolve(failure)),
    );
    expect(error?.message).toBe('metadata.google.internal is a cloud metadata host name, always refused');
    expect(resolved).toBe(false);
  });
});

describe('http runner: the network guard end to end', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((_request, response) => answer(response, 200, allow));
  });
  afterAll(() => server.close());

  it('loopback is refused without a policy, and with only a project-level allowance', async () => {
    const runner = createHttpRunner();
    for (const policy of [undefined, policyAllowing(['http://127.0.0.1:*'], 'project')]) {
      const result = await runner(makeHttpRequest({ url: server.origin }, { policy }));
      expect(result).toMatchObject({
        kind: 'failed',
        error: `POST ${server.origin}/: refused by the network guard: 127.0.0.1 is a private, loopback or link-local address, refused unless a user or managed allowedHttpHookUrls pattern allows the URL`,
      });
    }
    expect(server.seen).toEqual([]);
    runner.close();
  });

  it('a user-level hook reaches loopback without any policy; a project-level one does not', async () => {
    const runner = createHttpRunner();
    const asUser = await runner(makeHttpRequest({ url: server.origin }, { policy: undefined }, 'user'));
    expect(asUser.kind).toBe('completed');
    const asProject = await runner(makeHttpRequest({ url: server.origin }, { policy: undefined }, 'project'));
    expect(asProject.kind).toBe('failed');
    runner.close();
  });

  it('`localhost` is resolved, and refused at connect time with only a project-level allowance', async () => {
    const runner = createHttpRunner();
    const url = `http://localhost:${server.port}/`;
    const before = server.seen.length;
    const refused = await runner(
      makeHttpRequest({ url }, { policy: policyAllowing(['http://localhost:*'], 'project') }),
    );
    expect(refused.kind).toBe('failed');
    expect(refused.error).toMatch(
      /^POST http:\/\/localhost:\d+\/: refused by the network guard: localhost resolves to (127\.0\.0\.1|::1) is a private/,
    );
    expect(server.seen.length).toBe(before);
    const allowed = await runner(
      makeHttpRequest({ url }, { policy: policyAllowing(['http://localhost:*'], 'user') }),
    );
    expect(allowed.kind).toBe('completed');
    runner.close();
  });

  it('a host name that resolves to a metadata address is refused even when a user pattern allows everything', async () => {
    const toMetadata: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
    const runner = createHttpRunner({ resolver: toMetadata });
    const result = await runner(
      makeHttpRequest(
        { url: `http://hooks.attacker.test:${server.port}/` },
        { policy: policyAllowing(['*'], 'managed') },
      ),
    );
    expect(result).toMatchObject({
      kind: 'failed',
      error: `POST http://hooks.attacker.test:${server.port}/: refused by the network guard: hooks.attacker.test resolves to 169.254.169.254 is a cloud metadata or link-local address, always refused`,
    });
    runner.close();
  });

  it('connects to exactly the address the guard checked', async () => {
    const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const runner = createHttpRunner({ resolver: toLoopback });
    const url = `http://policy.internal.test:${server.port}/check`;
    const result = await runner(
      makeHttpRequest({ url }, { policy: policyAllowing(['http://*.internal.test:*'], 'user') }),
    );
    expect(result.kind).toBe('completed');
    expect(server.seen.at(-1)?.headers.host).toBe(`policy.internal.test:${server.port}`);
    runner.close();
  });

  it('metadata literals are refused in every spelling, before any connection', async () => {
    const runner = createHttpRunner();
    for (const host of [
      '169.254.169.254',
      '2852039166',
      '0xa9.0xfe.0xa9.0xfe',
      '[::ffff:169.254.169.254]',
      '[fd00:ec2::254]',
      '[::ffff:0:a9fe:a9fe]',
      '[64:ff9b:1::a9fe:a9fe]',
      'metadata.google.internal',
    ]) {
      const result = await runner(
        makeHttpRequest({ url: `http://${host}/latest` }, { policy: policyAllowing(['*'], 'managed') }),
      );
      expect(result.kind).toBe('failed');
      expect(result.error).toContain('refused by the network guard');
      expect(result.error).toContain('always refused');
    }
    runner.close();
  });

  it('a URL outside allowedHttpHookUrls is never sent', async () => {
    const runner = createHttpRunner();
    const before = server.seen.length;
    const result = await runner(
      makeHttpRequest(
        { url: `${server.origin}/other` },
        { policy: policyAllowing([`${server.origin}/hook`]) },
      ),
    );
    expect(result).toMatchObject({
      kind: 'failed',
      error: `http hook blocked: ${server.origin}/other matches no allowedHttpHookUrls pattern`,
      // validate rejects such a URL; run blocks where the event can (the reader's failClosed rule).
      failClosed: true,
    });
    expect(server.seen.length).toBe(before);
    runner.close();
  });
});
