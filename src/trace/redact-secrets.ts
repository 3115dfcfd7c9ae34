/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/*
 * Names of fields whose value is a secret: matched anywhere in the key, case-insensitively. `max_tokens`
 * matches too, which is why only strings, objects and arrays are redacted under such a key, never numbers.
 */
const SECRET_KEY =
  /token|secret|passw(?:or)?d|passphrase|api[-_]?key|authorization|credential|private[-_]?key|access[-_]?key|cookie/i;

/*
 * Every pattern below runs over text an attacker may shape (a file the agent read, a web page in a tool's
 * response), up to megabytes of it, so none may backtrack without bound: a pattern either ends in its
 * unbounded part (the match then succeeds and consumes it) or bounds every repetition that something must
 * follow. `test/fuzz/redaction-fuzz.test.ts` holds adversarial inputs for each.
 */

/*
 * Values that look like credentials wherever they appear (a command line, a hook's stdout): the prefixes of
 * the common providers' keys, bearer tokens, JWTs. Only the credential is replaced.
 */
const SECRET_VALUES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // Stripe's secret and restricted keys, and webhook signing secrets.
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g,
  /\bwhsec_[A-Za-z0-9]{16,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bnpm_[A-Za-z0-9]{36,}/g,
  /\bpypi-[A-Za-z0-9_-]{32,}/g,
  /\bhf_[A-Za-z0-9]{30,}/g,
  /\bSG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,}/g,
  // AWS access key ids: long-term (AKIA) and temporary (ASIA), and the other principal prefixes.
  /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bya29\.[0-9A-Za-z_-]{20,}/g,
  // A JWT is tried only where a run of its characters starts, so each run is read once, not once per `eyJ`.
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/*
 * An AWS secret access key has no prefix: 40 characters of base64. Standing alone (not inside a longer run of
 * such characters) and mixing upper case, lower case and digits, it is taken for one; a git hash (hex) or a
 * word is not.
 */
const FORTY_BASE64 = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const LOOKS_RANDOM = (text: string) => /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);

/** `scheme://user:password@` in a URL: the password goes, the user stays. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{0,30}:\/\/[^\s/?#@:'"]{0,256}):[^\s/?#@'"]{1,1024}@/gi;

/**
 * A password glued to a short option, as database and SSH clients take it: `mysql -pSECRET` (and the other
 * MySQL and MariaDB clients), `sshpass -pSECRET` or `sshpass -p SECRET`. The client's name must come first in
 * the same command (before any `;`, `&`, `|` or newline), so `-p` of other programs (`mkdir -p`) stays.
 */
const SHORT_PASSWORD_OPTION =
  /\b((?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlsh|mariadb(?:-[a-z]{1,16})?)\b[^\n;&|]{0,1024}?\s-p|sshpass\b[^\n;&|]{0,1024}?\s-p\s{0,4})(["']?)[^\s"']{1,1024}/g;

/** `curl -u user:password`, `--user=user:password`, `--proxy-user`, `-U`: the password goes. */
const USER_OPTION = /(?<![\w-])(-u|-U|--user|--proxy-user)(=|\s*)(["']?)([^\s:"']{0,256}):[^\s"']{1,1024}/g;

/** An `Authorization:` header's credential, whatever its scheme word (`token`, `Digest`, ...). */
const AUTHORIZATION =
  /\b((?:proxy-)?authorization["']?\s{0,4}[:=]\s{0,4}["']?(?:[A-Za-z]{1,16}\s{1,4})?)[^\s"',;]{1,4096}/gi;

/**
 * `name=value` and `name: value` (an environment assignment, a header, a query parameter, YAML, JSON text)
 * whose name looks secret: the value goes. A number, `true`, `false` or `null` stays (`max_tokens: 1000`).
 * The name and its separator are found first and the value read only after a secret name, so that the
 * value of another name (`url=https://x?token=...`) neither hides a secret nor is read twice.
 */
const NAME_AND_SEPARATOR = /(?<![\w.-])(["']?)([\w.-]{1,64})\1\s{0,4}[=:]\s{0,4}(["']?)/g;
const VALUE = /[^\s"'&,;{}[\]]{1,4096}/y;
/** Values that are no secret, or whose credential follows (`Authorization: Bearer ...`, handled below). */
const NOT_SECRET_VALUE = /^(?:-?\d+(?:\.\d+)?|true|false|null|bearer|basic|token|digest|negotiate)$/i;
/** Query parameters that carry credentials under short names (`?key=`, `&sig=`, S3's `X-Amz-Signature=`). */
const SECRET_PARAMETER = /^(?:key|sig|signature|x-amz-signature|x-amz-credential|auth|code_verifier)$/i;
const QUERY_PARAMETER = /([?&;])([\w.-]{1,64})=([^&\s#"']{1,4096})/g;

/** `--password hunter2`, `--token abc` (the `=` form is a named value): the value goes. */
const SECRET_OPTION = /(?<![\w-])(--[\w-]{1,64})(\s{1,4})(["']?)([^\s"'-][^\s"']{0,4095})/g;

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;

const PEM_BEGIN = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----/g;
const PEM_END = /-----END [A-Z ]{0,40}PRIVATE KEY-----/g;

/** `text` with every credential-looking part replaced by `[redacted]`. */
export function redactSecretText(text: string): string {
  let redacted = redactPrivateKeys(text);
  for (const pattern of SECRET_VALUES) redacted = redacted.replace(pattern, REDACTED);
  redacted = redacted.replace(FORTY_BASE64, (found) => (LOOKS_RANDOM(found) ? REDACTED : found));
  redacted = redacted.replace(URL_PASSWORD, `$1:${REDACTED}@`);
  redacted = redacted.replace(SHORT_PASSWORD_OPTION, `$1$2${REDACTED}`);
  redacted = redacted.replace(USER_OPTION, `$1$2$3$4:${REDACTED}`);
  redacted = redacted.replace(AUTHORIZATION, `$1${REDACTED}`);
  redacted = redactNamedValues(redacted);
  redacted = redacted.replace(QUERY_PARAMETER, (found, start, name) =>
    SECRET_PARAMETER.test(name) ? `${start}${name}=${REDACTED}` : found,
  );
  redacted = redacted.replace(SECRET_OPTION, (found, option, space, open, value) =>
    SECRET_KEY.test(option) && !NOT_SECRET_VALUE.test(value) ? `${option}${space}${open}${REDACTED}` : found,
  );
  return redacted.replace(BEARER, `$1 ${REDACTED}`);
}

function redactNamedValues(text: string): string {
  let result = '';
  let copied = 0;
  NAME_AND_SEPARATOR.lastIndex = 0;
  for (let found = NAME_AND_SEPARATOR.exec(text); found !== null; found = NAME_AND_SEPARATOR.exec(text)) {
    const valueStart = found.index + found[0].length;
    if (!SECRET_KEY.test(found[2] as string)) {
      // Resume right after the name: what follows the separator may be a name of its own (`a: b=c`).
      NAME_AND_SEPARATOR.lastIndex = found.index + (found[1] as string).length + (found[2] as string).length;
      continue;
    }
    VALUE.lastIndex = valueStart;
    const value = VALUE.exec(text);
    if (value === null || NOT_SECRET_VALUE.test(value[0])) {
      NAME_AND_SEPARATOR.lastIndex = valueStart;
      continue;
    }
    result += `${text.slice(copied, valueStart)}${REDACTED}`;
    copied = valueStart + value[0].length;
    NAME_AND_SEPARATOR.lastIndex = copied;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/**
 * PEM private keys, from BEGIN to END, found with one pass: the lazy `BEGIN[\s\S]*?END` would rescan the
 * rest of the text from every BEGIN that has no END.
 */
function redactPrivateKeys(text: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  let result = '';
  let position = 0;
  for (;;) {
    PEM_BEGIN.lastIndex = position;
    const begin = PEM_BEGIN.exec(text);
    if (begin === null) break;
    PEM_END.lastIndex = begin.index + begin[0].length;
    const end = PEM_END.exec(text);
    // No END after this BEGIN: none after a later one either.
    if (end === null) break;
    result += `${text.slice(position, begin.index)}${REDACTED}`;
    position = end.index + end[0].length;
  }
  return result + text.slice(position);
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
