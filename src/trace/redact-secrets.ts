/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/*
 * Names of fields whose value is a secret: matched anywhere in the key, case-insensitively. `max_tokens`
 * matches too, which is why only strings, objects and arrays are redacted under such a key, never numbers.
 */
const SECRET_KEY =
  /token|secret|passw(?:or)?d|passphrase|api[-_]?key|authorization|credential|private[-_]?key|access[-_]?key|cookie/i;

/*
 * Values that look like credentials wherever they appear (a command line, a hook's stdout): the prefixes of
 * the common providers' keys, bearer tokens, JWTs and PEM private keys. Only the credential is replaced.
 */
const SECRET_VALUES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;

/** `text` with every credential-looking part replaced by `[redacted]`. */
export function redactSecretText(text: string): string {
  let redacted = text;
  for (const pattern of SECRET_VALUES) redacted = redacted.replace(pattern, REDACTED);
  return redacted.replace(BEARER, `$1 ${REDACTED}`);
}

/**
 * A copy of `value` where fields with secret-looking names (token, secret, password, api_key,
 * authorization, credential, private_key, cookie, ...) and credential-looking strings anywhere are
 * replaced by `[redacted]`. Pure; the input is not changed.
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] =
      SECRET_KEY.test(key) && (typeof field === 'string' || (typeof field === 'object' && field !== null))
        ? REDACTED
        : redactSecrets(field);
  }
  return copy;
}
