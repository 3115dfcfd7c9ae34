/**
 * Names that look like credentials: a word such as TOKEN, SECRET, PASSWORD, API_KEY, ACCESS_KEY, PRIVATE_KEY,
 * CREDENTIALS or AUTH standing on its own between underscores (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY,
 * ANTHROPIC_API_KEY, DB_PASSWORD, SSH_AUTH_SOCK), so that TOKENIZER_PATH or AUTHOR are not caught; and the
 * words credentials hide behind in common tools: a JWT, DSN, webhook or cookie, a key or PAT at the end
 * (CI_JOB_JWT_V2, SENTRY_DSN, SLACK_WEBHOOK_URL, STRIPE_KEY, GH_PAT), headers (an OTLP exporter's carry its
 * authorization: OTEL_EXPORTER_OTLP_HEADERS), a connection string; and TOKEN, SECRET or PASSWD glued to
 * the end of a name (SYSTEM_ACCESSTOKEN, NGROK_AUTHTOKEN, npm_config__authToken, P4PASSWD).
 */
const SECRET_NAME =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|CREDS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|JWT|DSN|WEBHOOK|COOKIE|CONNECTION_?STRING|HEADERS)(?:_|$)|(?:^|_)(?:KEY|PAT|PASS|PWD)$|(?:TOKEN|SECRET|PASSWD)$/i;

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
  'SSHPASS',
  'BW_SESSION',
]);

/** Prefixes of names that hold a session key by convention (1Password's `OP_SESSION_<account>`). */
const SECRET_PREFIXES = ['OP_SESSION_'];

/**
 * Values in the shape of a well-known credential, whatever the variable is called
 * (`MY_APP_SETTING=sk-ant-...`): GitHub, GitLab, Anthropic and OpenAI, Slack, AWS access key ids, npm,
 * Hugging Face, PyPI, Stripe, SendGrid, Google API keys and OAuth tokens, JWTs. Anchored at the start,
 * each alternative a fixed prefix and one character class: linear in the value's length.
 */
const SECRET_VALUE =
  /^(?:gh[pousr]_[A-Za-z0-9]{30}|github_pat_\w{20}|glpat-[\w-]{20}|sk-[\w-]{20}|xox[abposr]-[\w-]{10}|(?:AKIA|ASIA)[A-Z0-9]{16}|npm_[A-Za-z0-9]{30}|hf_[A-Za-z0-9]{30}|pypi-[\w-]{50}|[rs]k_(?:live|test)_[A-Za-z0-9]{20}|SG\.[\w-]{16}|AIza[\w-]{35}|ya29\.[\w-]{20}|eyJ[\w-]{8,}\.eyJ)/;

/** A private key in PEM form (`-----BEGIN OPENSSH PRIVATE KEY-----`), found without a pattern. */
function isPrivateKey(value: string): boolean {
  return value.includes('-----BEGIN ') && value.includes('PRIVATE KEY-----');
}

/** A URL that carries a password in its user info (`postgres://user:password@host/db`). */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:[^/@\s]+@/i;

/** Whether an environment variable's name (or, when given, its value) looks like it holds a secret. */
export function looksSecret(name: string, value?: string): boolean {
  if (name === 'PWD' || name === 'OLDPWD') return false;
  const upper = name.toUpperCase();
  if (SECRET_NAMES.has(upper) || SECRET_NAME.test(name) || upper.endsWith('PASSWORD')) return true;
  if (SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix))) return true;
  if (value === undefined) return false;
  return URL_WITH_PASSWORD.test(value) || SECRET_VALUE.test(value.trimStart()) || isPrivateKey(value);
}

/** The host variables a scrubbing engine withholds from hooks: secret-looking names not kept on purpose. */
export function withheldVariables(environment: NodeJS.ProcessEnv, keep: ReadonlySet<string>): string[] {
  return Object.keys(environment).filter((name) => looksSecret(name, environment[name]) && !keep.has(name));
}
