import { isWithheldVariable } from './hook-environment.js';

/*
 * The redaction Deep Agents Code applies to transcript content before a hook can read it (upstream
 * `transcript.py`): credential-style assignments (`OPENAI_API_KEY=...`), bearer tokens, provider-prefixed
 * tokens (`sk-`, `ghp_`, `AKIA`...), JWTs and every URL's path, query values and fragment; in objects, the
 * value of every key whose name marks a secret (the rule of `hook-environment.ts`). Python's `re` and
 * `urllib.parse` are followed where JavaScript differs: URLs are split by hand, not by WHATWG `URL`, whose
 * normalisation would change what a hook sees.
 */

const REDACTED = '[redacted]';
const SECRET_ASSIGNMENT =
  /\b([A-Z][A-Z0-9_]*(?:API[_-]?KEY|KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)[A-Z0-9_]*)\s*=\s*([^\s,;]+)/gi;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const PREFIXED_TOKEN =
  /(?<![A-Za-z0-9])(?:sk-(?:ant-)?|sk_(?:live|test)_|pk_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|xox[baprs]-|hf_|npm_|AIza|AKIA)[A-Za-z0-9._-]{8,}/g;
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}/g;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;

/** `value` with secret-like strings replaced, recursively through arrays and objects. */
export function redactTranscriptValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactTranscriptValue);
  if (typeof value === 'object' && value !== null) {
    const redacted: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      redacted[key] = isWithheldVariable(key) ? REDACTED : redactTranscriptValue(item);
    return redacted;
  }
  return value;
}

/** One string redacted. */
export function redactText(text: string): string {
  return text
    .replace(SECRET_ASSIGNMENT, (_match, name: string) => `${name}=${REDACTED}`)
    .replace(BEARER, (_match, word: string) => `${word} ${REDACTED}`)
    .replace(PREFIXED_TOKEN, REDACTED)
    .replace(JWT, REDACTED)
    .replace(URL_PATTERN, redactUrl);
}

/** Python's `quote_plus` (UTF-8, `_.-~` and alphanumerics kept, space as `+`). */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Python's `unquote_plus`, tolerant of stray `%` as Python is. */
function unquotePlus(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/**
 * A URL with only its scheme, host and port kept (`urlsplit`, then `urlunsplit`): the path becomes
 * `/[redacted]`, each query value `[redacted]` (keys kept, re-encoded), the fragment `[redacted]`; userinfo
 * is dropped; a URL whose port Python refuses is `[redacted URL]`.
 */
export function redactUrl(value: string): string {
  const separator = value.indexOf('://');
  const scheme = value.slice(0, separator).toLowerCase();
  const rest = value.slice(separator + 3);
  const netlocEnd = rest.search(/[/?#]/);
  const netloc = netlocEnd === -1 ? rest : rest.slice(0, netlocEnd);
  let tail = netlocEnd === -1 ? '' : rest.slice(netlocEnd);
  const hashAt = tail.indexOf('#');
  const fragment = hashAt === -1 ? '' : tail.slice(hashAt + 1);
  if (hashAt !== -1) tail = tail.slice(0, hashAt);
  const queryAt = tail.indexOf('?');
  const query = queryAt === -1 ? '' : tail.slice(queryAt + 1);
  const path = queryAt === -1 ? tail : tail.slice(0, queryAt);
  if (netloc.includes('[') !== netloc.includes(']')) return '[redacted URL]';
  const hostinfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  let hostname: string;
  let portText: string;
  if (hostinfo.startsWith('[')) {
    const close = hostinfo.indexOf(']');
    hostname = hostinfo.slice(1, close);
    const after = hostinfo.slice(close + 1);
    portText = after.startsWith(':') ? after.slice(1) : '';
  } else {
    const colon = hostinfo.indexOf(':');
    hostname = colon === -1 ? hostinfo : hostinfo.slice(0, colon);
    portText = colon === -1 ? '' : hostinfo.slice(colon + 1);
  }
  hostname = hostname.toLowerCase();
  let port: number | null = null;
  if (portText !== '') {
    if (!/^\s*[+-]?\d+\s*$/.test(portText)) return '[redacted URL]';
    port = Number.parseInt(portText, 10);
    if (port < 0 || port > 65535) return '[redacted URL]';
  }
  if (hostname.includes(':') && !hostname.startsWith('[')) hostname = `[${hostname}]`;
  const location = port === null ? hostname : `${hostname}:${port}`;
  const keys = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => unquotePlus(pair.split('=', 1)[0] as string));
  const redactedQuery = keys.map((key) => `${quotePlus(key)}=${quotePlus(REDACTED)}`).join('&');
  return `${scheme}://${location}${path === '' ? '' : `/${REDACTED}`}${
    redactedQuery === '' ? '' : `?${redactedQuery}`
  }${fragment === '' ? '' : `#${REDACTED}`}`;
}
