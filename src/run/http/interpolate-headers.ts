/** What header interpolation may read: the handler's list, the settings-wide list, and the environment. */
export interface HeaderInterpolationOptions {
  /** The handler's `allowedEnvVars`; names outside it become empty strings. */
  readonly allowedEnvVars: readonly string[] | undefined;
  /** `httpHookAllowedEnvVars` merged from settings; when set, a name must be in both lists. */
  readonly policyAllowedEnvVars: readonly string[] | undefined;
  readonly environment: Readonly<Record<string, string | undefined>>;
}

/**
 * Headers hookwire sets itself, or that describe the connection rather than the request: a configured
 * value could otherwise desynchronise the body framing or the connection pool. `Host` is the URL's: a
 * configured one would route the request to another virtual host behind the allowed URL's address, a
 * target `allowedHttpHookUrls` never saw.
 */
const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A valid header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Removes CR and LF (the header-injection characters) and every other character node:http refuses in a
 * header (other controls, and anything beyond Latin-1), so a value can neither end a header early nor make
 * the request throw.
 */
function stripControlCharacters(text: string): string {
  return text.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '');
}

/** Replaces `$VAR` and `${VAR}` by the variable's value when both allowlists admit it, else by ''. */
export function interpolateHeaderValue(value: string, options: HeaderInterpolationOptions): string {
  const handlerList = new Set(options.allowedEnvVars ?? []);
  const policyList = options.policyAllowedEnvVars && new Set(options.policyAllowedEnvVars);
  return value.replace(REFERENCE, (_reference, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!;
    const admitted = handlerList.has(name) && (policyList === undefined || policyList.has(name));
    return admitted ? (options.environment[name] ?? '') : '';
  });
}

/**
 * The headers an http hook sends: values interpolated (see `interpolateHeaderValue`), control characters
 * stripped from names and values after interpolation (so a variable's value cannot inject a header
 * either), invalid names and reserved names dropped. Returns the header map and the names dropped.
 */
export function interpolateHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  options: HeaderInterpolationOptions,
): { headers: Record<string, string>; dropped: string[] } {
  const result: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [rawName, rawValue] of Object.entries(headers ?? {})) {
    const name = stripControlCharacters(rawName).trim();
    if (!TOKEN.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      dropped.push(name);
      continue;
    }
    result[name] = stripControlCharacters(interpolateHeaderValue(rawValue, options)).trim();
  }
  return { headers: result, dropped };
}
