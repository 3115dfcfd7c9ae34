import { describe, expect, it } from 'vitest';
import { canonicalHookUrl, matchesUrlPattern } from '../../src/settings/url-pattern.js';

const cases: ReadonlyArray<[pattern: string, url: string, matches: boolean]> = [
  ['https://hooks.example.com/*', 'https://hooks.example.com/v1/check', true],
  ['https://hooks.example.com/*', 'https://hooks.example.com/', true],
  ['https://hooks.example.com/*', 'http://hooks.example.com/v1', false],
  ['https://hooks.example.com/*', 'https://hooks.example.com.evil.test/v1', false],
  ['https://hooks.example.com/*', 'https://hooks.example.com@evil.test/v1', false],
  ['https://HOOKS.Example.COM/*', 'https://hooks.example.com/x', true],
  ['https://hooks.example.com./*', 'https://hooks.example.com/x', true],
  ['https://hooks.example.com/*', 'https://hooks.example.com./x', true],
  ['https://hooks.example.com/*', 'https://HOOKS.EXAMPLE.COM/x', true],
  ['https://hooks.example.com/Check', 'https://hooks.example.com/check', false],
  ['https://hooks.example.com/check', 'https://hooks.example.com/check', true],
  ['https://hooks.example.com/check', 'https://hooks.example.com/check?x=1', false],
  ['https://hooks.example.com', 'https://hooks.example.com/', true],
  ['https://hooks.example.com', 'https://hooks.example.com/other', false],
  ['https://hooks.example.com:443/*', 'https://hooks.example.com/x', true],
  ['https://hooks.example.com/*', 'https://hooks.example.com:8443/x', false],
  ['https://*.example.com/*', 'https://a.b.example.com/x', true],
  ['https://*.example.com/*', 'https://example.com/x', false],
  ['https://*.example.com/*', 'https://evil.test/.example.com/x', false],
  ['https://*.example.com/*', 'https://evil.test/?.example.com/', false],
  ['http://localhost:*', 'http://localhost:8080/hook', true],
  ['http://localhost:*', 'http://localhost.evil.test:8080/hook', false],
  ['http://127.0.0.1:*/*', 'http://127.0.0.1:9/x', true],
  ['http://[::1]:*/*', 'http://[0:0::1]:9/x', true],
  ['http://169.254.169.254/*', 'http://2852039166/latest', true],
  ['*://hooks.example.com/*', 'http://hooks.example.com/x', true],
  ['*', 'https://anything.test/x', true],
  ['hooks.example.com/*', 'https://hooks.example.com/x', false],
  ['https://user@hooks.example.com/*', 'https://user@hooks.example.com/x', false],
];

describe('matchesUrlPattern', () => {
  it.each(cases)('%s against %s is %s', (pattern, url, matches) => {
    expect(matchesUrlPattern(new URL(url), pattern)).toBe(matches);
  });

  it('compares the canonical URL: lowercase host, no default port, user info or fragment', () => {
    expect(canonicalHookUrl(new URL('HTTPS://u:p@Hooks.Example.COM.:443/a/B?q=1#frag'))).toBe(
      'https://hooks.example.com/a/B?q=1',
    );
  });
});
