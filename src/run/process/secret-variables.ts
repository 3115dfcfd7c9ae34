/**
 * Names that look like credentials: a word such as TOKEN, SECRET, PASSWORD, API_KEY, ACCESS_KEY, PRIVATE_KEY,
 * CREDENTIALS or AUTH standing on its own between underscores (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY,
 * ANTHROPIC_API_KEY, DB_PASSWORD, SSH_AUTH_SOCK), so that TOKENIZER_PATH or AUTHOR are not caught; and the
 * words credentials hide behind in common tools: a JWT, DSN, webhook or cookie, a key or PAT at the end
 * (CI_JOB_JWT_V2, SENTRY_DSN, SLACK_WEBHOOK_URL, STRIPE_KEY, GH_PAT), headers (an OTLP exporter's carry its
 * authorization: OTEL_EXPORTER_OTLP_HEADERS), a connection string.
 */
const SECRET_NAME =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|JWT|DSN|WEBHOOK|COOKIE|CONNECTION_?STRING|HEADERS)(?:_|$)|(?:^|_)(?:KEY|PAT|PASS|PWD)$/i;

/**
 * Names a suffix rule cannot catch: passwords glued to a prefix (PGPASSWORD), connection URLs that carry
 * their password by convention, and files that hold credentials. `PWD` and `OLDPWD` are the shell's
 * directories, never withheld.
 */
const SECRET_NAMES = new Set([
  'PGPASSWORD',
  'PGPASSFILE',
  'MYSQL_PWD',
  'DATABASE_URL',
  'REDIS_URL',
  'MONGODB_URI',
  'MONGO_URL',
  'AMQP_URL',
  'CLOUDAMQP_URL',
  'RABBITMQ_URL',
  'KUBECONFIG',
  'NETRC',
  'VAULT_TOKEN',
]);

/** A URL that carries a password in its user info (`postgres://user:password@host/db`). */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:[^/@\s]+@/i;

/** Whether an environment variable's name (or, when given, its value) looks like it holds a secret. */
export function looksSecret(name: string, value?: string): boolean {
  if (name === 'PWD' || name === 'OLDPWD') return false;
  if (SECRET_NAMES.has(name.toUpperCase()) || SECRET_NAME.test(name)) return true;
  return name.toUpperCase().endsWith('PASSWORD') || (value !== undefined && URL_WITH_PASSWORD.test(value));
}

/** The host variables a scrubbing engine withholds from hooks: secret-looking names not kept on purpose. */
export function withheldVariables(environment: NodeJS.ProcessEnv, keep: ReadonlySet<string>): string[] {
  return Object.keys(environment).filter((name) => looksSecret(name, environment[name]) && !keep.has(name));
}
