import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { normalizeOptions } from '../../src/engine/normalize-options.js';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { looksSecret } from '../../src/run/process/secret-variables.js';
import { makeRequest } from './make-request.js';

// The host's variables for this file: a secret, one kept on purpose, and a harmless one.
process.env.HOOKWIRE_TEST_API_KEY = 'host-secret';
process.env.HOOKWIRE_TEST_TOKEN = 'kept-token';
process.env.HOOKWIRE_TEST_PLAIN = 'plain';

afterAll(async () => {
  delete process.env.HOOKWIRE_TEST_API_KEY;
  delete process.env.HOOKWIRE_TEST_TOKEN;
  delete process.env.HOOKWIRE_TEST_PLAIN;
  await endAllHookProcesses();
});

const printVariables = {
  type: 'command',
  command:
    'printf "%s|%s|%s|%s" "$HOOKWIRE_TEST_API_KEY" "$HOOKWIRE_TEST_TOKEN" "$HOOKWIRE_TEST_PLAIN" "$HOOKWIRE_TEST_DB_PASSWORD"',
  env: { HOOKWIRE_TEST_DB_PASSWORD: 'given-by-the-handler' },
} as const;

describe('secret scrubbing', () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['AWS_SECRET_ACCESS_KEY', true],
    ['ANTHROPIC_API_KEY', true],
    ['OPENAI_APIKEY', true],
    ['DB_PASSWORD', true],
    ['SSH_AUTH_SOCK', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['PGPASSWORD', true],
    ['MYSQL_PWD', true],
    ['DATABASE_URL', true],
    ['REDIS_URL', true],
    ['SLACK_WEBHOOK_URL', true],
    ['SENTRY_DSN', true],
    ['OTEL_EXPORTER_OTLP_HEADERS', true],
    ['OTEL_EXPORTER_OTLP_TRACES_HEADERS', true],
    ['KUBECONFIG', true],
    ['CI_JOB_JWT', true],
    ['CI_JOB_JWT_V2', true],
    ['MONGODB_URI', true],
    ['STRIPE_KEY', true],
    ['GH_PAT', true],
    ['SMTP_PASS', true],
    ['AZURE_STORAGE_CONNECTION_STRING', true],
    ['SESSION_COOKIE', true],
    ['SYSTEM_ACCESSTOKEN', true],
    ['NGROK_AUTHTOKEN', true],
    ['npm_config__authToken', true],
    ['AZURE_CLIENTSECRET', true],
    ['P4PASSWD', true],
    ['SSHPASS', true],
    ['BW_SESSION', true],
    ['OP_SESSION_my_team', true],
    ['GOOGLE_GHA_CREDS_PATH', true],
    ['JENKINS_CREDS', true],
    ['CLAUDE_CODE_SESSION_ID', false],
    ['MAX_TOKENS', false],
    ['CREDIT_LIMIT', false],
    ['TOKENIZER_PATH', false],
    ['AUTHOR', false],
    ['PATH', false],
    ['HOME', false],
    ['PWD', false],
    ['OLDPWD', false],
    ['KEYBOARD_LAYOUT', false],
    ['COMPASS_URL', false],
    ['NODE_ENV', false],
  ])('%s looks secret: %s', (name, secret) => {
    expect(looksSecret(name)).toBe(secret);
  });

  it.each([
    ['MY_SERVICE_URL', 'postgres://app:hunter2@db.internal:5432/app', true],
    ['UPSTREAM', 'https://user:p%40ss@proxy.example:8080', true],
    ['MY_SERVICE_URL', 'https://db.internal:5432/app', false],
    ['MY_SERVICE_URL', 'https://user@db.internal/app', false],
    ['NOTE', 'a:b@c', false],
    // A plain name with a value in the shape of a well-known credential.
    ['MY_APP_SETTING', `sk-ant-api03-${'x'.repeat(40)}`, true],
    ['MY_APP_SETTING', `sk-proj-${'A1'.repeat(20)}`, true],
    ['GH', `ghp_${'a1B2'.repeat(9)}`, true],
    ['GL', `glpat-${'x'.repeat(20)}`, true],
    ['SLACK', 'xoxb-1234567890-abcdefghij', true],
    ['AWS_ID', 'AKIAIOSFODNN7EXAMPLE', true],
    ['REGISTRY', `npm_${'a'.repeat(36)}`, true],
    ['HUB', `hf_${'a'.repeat(34)}`, true],
    ['BILLING', `sk_live_${'a'.repeat(24)}`, true],
    ['MAIL', `SG.${'a'.repeat(22)}.${'b'.repeat(43)}`, true],
    ['MAPS', `AIza${'a'.repeat(35)}`, true],
    ['SESSION', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', true],
    ['DEPLOY', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----', true],
    ['MODE', 'sk-short', false],
    ['EDITOR', 'vim', false],
    ['LANG', 'en_US.UTF-8', false],
    ['PATH', '/usr/local/bin:/usr/bin:/bin', false],
  ])('%s=%s looks secret by its value: %s', (name, value, secret) => {
    expect(looksSecret(name, value)).toBe(secret);
  });

  it.each(['direct', 'helper-process'] as const)(
    'withholds secret-looking host variables, passes kept and explicit ones (%s spawner)',
    async (spawner) => {
      const scrubbed = await runCommand(
        makeRequest(printVariables, {
          spawner,
          environment: { CLAUDE_PROJECT_DIR: '/p' },
          scrubSecrets: { keep: new Set(['HOOKWIRE_TEST_TOKEN']) },
        }),
      );
      expect(scrubbed.stdout).toBe('|kept-token|plain|given-by-the-handler');
    },
  );

  it('passes the whole host environment when scrubbing is off', async () => {
    const inherited = await runCommand(
      makeRequest(printVariables, { environment: { CLAUDE_PROJECT_DIR: '/p' } }),
    );
    expect(inherited.stdout).toBe('host-secret|kept-token|plain|given-by-the-handler');
  });

  it('is an engine option, on by HOOKWIRE_SCRUB_SECRETS=1, and reaches command hooks', async () => {
    expect(normalizeOptions({}, { HOOKWIRE_SCRUB_SECRETS: '1' }).scrubSecrets).toEqual({ keep: new Set() });
    expect(normalizeOptions({}, {}).scrubSecrets).toBeUndefined();
    expect(normalizeOptions({ scrubSecrets: { keep: ['A_TOKEN'] } }, {}).scrubSecrets).toEqual({
      keep: new Set(['A_TOKEN']),
    });
    const engine = await createEngine({
      settings: [
        {
          hooks: {
            Stop: [
              {
                hooks: [
                  {
                    type: 'command',
                    command: `printf '{"systemMessage":"%s|%s"}' "$HOOKWIRE_TEST_API_KEY" "$HOOKWIRE_TEST_PLAIN"`,
                  },
                ],
              },
            ],
          },
        },
      ],
      scrubSecrets: true,
    });
    try {
      const outcome = await engine.fire('Stop', { stop_hook_active: false });
      expect(outcome.systemMessages).toEqual(['|plain']);
    } finally {
      await engine.close();
    }
  });
});
