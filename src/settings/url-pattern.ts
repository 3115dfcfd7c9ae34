import { starGlobSource } from '../patterns/star-glob-source.js';

/*
 * `allowedHttpHookUrls` patterns. A pattern is compared, as a string, with the canonical form of the URL,
 * `*` matching any run of characters. Two refinements keep a wildcard from being talked around:
 * the pattern's host part must also match the URL's host on its own (so `https://*.example.com/*` cannot
 * match `https://evil.test/.example.com/`), and the URL is compared in its parsed, canonical form (so
 * `http://2852039166/` is compared as `http://169.254.169.254/`, and user info never counts as a host).
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** scheme://host[:port]/path?query: lowercase host without a trailing dot, default port and user info dropped. */
export function canonicalHookUrl(url: URL): string {
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${canonicalHost(url)}${port}${url.pathname}${url.search}`;
}

function canonicalHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/** `*` matches any run of characters; everything else, `?` included, is literal. */
function globToRegExp(glob: string): RegExp {
  return new RegExp(starGlobSource(glob, 'literal'), 's');
}

/** Splits `host[:port]` (IPv6 hosts in brackets), lowercasing the host and dropping its trailing dot. */
function splitAuthority(authority: string): { host: string; port: string | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority);
  let host = (match?.[1] ?? authority).toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && !host.includes('*')) {
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      // Left as written: a pattern with a malformed IPv6 host simply matches nothing.
    }
  }
  return { host, port: match?.[2] };
}

/**
 * Whether `url` matches one `allowedHttpHookUrls` pattern. A lone `*` matches every URL; any other pattern
 * must have the form `scheme://host[:port][path]` (each part may hold `*`). A pattern that names only an
 * origin means that origin's root path, as a canonical URL always has one.
 */
export function matchesUrlPattern(url: URL, pattern: string): boolean {
  const trimmed = pattern.trim();
  if (trimmed === '*') return true;
  const parts = /^([^:/?#]+):\/\/([^/?#]*)(.*)$/s.exec(trimmed);
  if (!parts) return false;
  const [, schemePart = '', authority = '', restPart = ''] = parts;
  if (authority.includes('@')) return false;
  const scheme = schemePart.toLowerCase();
  const { host, port } = splitAuthority(authority);
  const explicitPort = port === undefined || port === DEFAULT_PORTS[scheme] ? '' : `:${port}`;
  const rest = restPart === '' && !authority.endsWith('*') ? '/' : restPart;
  const normalized = `${scheme}://${host}${explicitPort}${rest}`;
  return globToRegExp(host).test(canonicalHost(url)) && globToRegExp(normalized).test(canonicalHookUrl(url));
}
