/**
 * Names that look like credentials: a word such as TOKEN, SECRET, PASSWORD, API_KEY, ACCESS_KEY, PRIVATE_KEY,
 * CREDENTIALS or AUTH standing on its own between underscores (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY,
 * ANTHROPIC_API_KEY, DB_PASSWORD, SSH_AUTH_SOCK), so that TOKENIZER_PATH or AUTHOR are not caught.
 */
const SECRET_NAME =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH)(?:_|$)/i;

/** Whether an environment variable's name looks like it holds a secret. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The host variables a scrubbing engine withholds from hooks: secret-looking names not kept on purpose. */
export function withheldVariables(environment: NodeJS.ProcessEnv, keep: ReadonlySet<string>): string[] {
  return Object.keys(environment).filter((name) => looksSecret(name) && !keep.has(name));
}
