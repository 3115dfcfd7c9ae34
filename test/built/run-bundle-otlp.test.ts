import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookInput, root, runCli } from '../cli/run-cli.js';
import { startOtlpReceiver } from '../telemetry/otlp-receiver.js';

/*
 * The shipped `hookwire run` (the bin and its single-file bundle, where dynamic imports are lowered to
 * require) exports over OTLP when asked, and loads no exporter code otherwise (bench target 4).
 */
const BIN = join(root, 'dist', 'hookwire.cjs');
const RECORDER = join(root, 'test', 'fixtures', 'built', 'record-requires.cjs');
const directory = mkdtempSync(join(tmpdir(), 'hookwire-built-otlp-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

/** Runs the built bin with the require recorder; resolves to the result and the modules it required. */
async function runRecorded(name: string, env: Record<string, string>) {
  const record = join(directory, `${name}.txt`);
  const result = await runCli(
    ['run', '--settings', 'test/fixtures/cli/allow.json'],
    hookInput('PreToolUse', bash),
    { ...env, RECORD_REQUIRES: record, NODE_OPTIONS: `--require ${RECORDER}` },
    [BIN],
  );
  return { result, required: readFileSync(record, 'utf8').split('\n') };
}

describe('the built hookwire run and OpenTelemetry', () => {
  it('loads no exporter code without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const { result, required } = await runRecorded('off', {});

    expect(result.code).toBe(0);
    expect(required).not.toContain('node:https');
    expect(required).not.toContain('@opentelemetry/api');
  });

  it('sends the spans to the endpoint with it', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { result, required } = await runRecorded('on', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });

      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
      expect(required).toContain('node:https');
      expect(required).not.toContain('@opentelemetry/api');
      expect(receiver.spans().map((span) => span.name)).toEqual(['fire PreToolUse', 'command hook']);
    } finally {
      await receiver.close();
    }
  });
});
