import { isRecord } from '../../common/is-record.js';
import { isWithheldVariable } from './hook-environment.js';

/*
 * The secret scrubbing of upstream's transcripts (`transcript.py`): credential assignments
 * (`OPENAI_API_KEY=...`), bearer tokens, well-known token prefixes (sk-, ghp_, xoxb-, AKIA...), JWTs, and
 * every URL's path, query values and fragment; in objects, the value of any key whose name looks like a
 * secret (KEY, TOKEN, SECRET, PASSWORD). Fixed patterns, applied once over each string.
 */

const SECRET_ASSIGNMENT =
  /\b([A-Z][A-Z0-9_]*(?:API[_-]?KEY|KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)[A-Z0-9_]*)\s*=\s*([^\s,;]+)/gi;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const PREFIXED_TOKEN =
  /(?<![A-Za-z0-9])(?:sk-(?:ant-)?|sk_(?:live|test)_|pk_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|xox[baprs]-|hf_|npm_|AIza|AKIA)[A-Za-z0-9._-]{8,}/g;
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}/g;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;

/** `value` with secret-like strings replaced by `[redacted]`. */
export function redactTranscriptValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactTranscriptValue);
  if (isRecord(value)) {
    const redacted: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      redacted[key] = isWithheldVariable(key) ? '[redacted]' : redactTranscriptValue(item);
    return redacted;
  }
  return value;
}

function redactText(text: string): string {
  return text
    .replace(SECRET_ASSIGNMENT, (_match, name: string) => `${name}=[redacted]`)
    .replace(BEARER, (_match, word: string) => `${word} [redacted]`)
    .replace(PREFIXED_TOKEN, '[redacted]')
    .replace(JWT, '[redacted]')
    .replace(URL_PATTERN, redactUrl);
}

/** Python's `quote_plus`: unreserved characters kept, space as `+`. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function unquotePlus(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A URL kept to its scheme, host and port and its query's keys; Python's `urlsplit`/`urlunsplit`. */
function redactUrl(url: string): string {
  const parts = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(url);
  if (parts === null) return '[redacted URL]';
  const [, scheme, netloc = '', path = '', query = '', fragment = ''] = parts;
  const hostPort = netloc.slice(netloc.lastIndexOf('@') + 1);
  let hostname: string;
  let portText: string | undefined;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end < 0) return '[redacted URL]';
    hostname = hostPort.slice(1, end).toLowerCase();
    const rest = hostPort.slice(end + 1);
    if (rest.startsWith(':')) portText = rest.slice(1);
  } else {
    const colon = hostPort.indexOf(':');
    hostname = (colon < 0 ? hostPort : hostPort.slice(0, colon)).toLowerCase();
    if (colon >= 0) portText = hostPort.slice(colon + 1);
  }
  let port: number | undefined;
  if (portText !== undefined && portText !== '') {
    if (!/^\d+$/.test(portText) || Number(portText) > 65535) return '[redacted URL]';
    port = Number(portText);
  }
  if (hostname.includes(':')) hostname = `[${hostname}]`;
  const netlocOut = port === undefined ? hostname : `${hostname}:${port}`;
  const keys = query
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => unquotePlus(piece.split('=')[0] as string));
  const queryOut = keys.map((key) => `${quotePlus(key)}=%5Bredacted%5D`).join('&');
  return `${scheme}://${netlocOut}${path === '' ? '' : '/[redacted]'}${queryOut === '' ? '' : `?${queryOut}`}${fragment === '' ? '' : '#[redacted]'}`;
}
