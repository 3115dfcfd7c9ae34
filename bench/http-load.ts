/**
 * A bounded load test of `hookwire serve` on loopback: many concurrent keep-alive clients (hookwire's own
 * http hook runner) POST PreToolUse events to a serve instance running in a child process, until a count
 * or a time limit is reached. Prints events/s, latency percentiles and every error.
 *
 *   npx tsx bench/http-load.ts                          callback hook on the server (HTTP + engine cost)
 *   npx tsx bench/http-load.ts --hook command           a real command hook per event (spawn-bound)
 *   npx tsx bench/http-load.ts --clients 64 --events 50000 --seconds 30
 *
 * Loopback only: the server binds 127.0.0.1 and the clients' policy allows nothing else.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createEngine } from '../src/engine/create-engine.js';
import { createRunRequest, runSettings } from '../src/run/create-run-request.js';
import type { RunRequest } from '../src/run/handler-execution.js';
import { createHttpRunner } from '../src/run/http-runner.js';
import { createHookServer } from '../src/server/hook-server.js';
import { configuredHook } from '../src/settings/configured-hook-constructor.js';

const TOKEN = 'bench-token';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    events: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '20' },
    hook: { type: 'string', default: 'callback' },
    'server-child': { type: 'boolean', default: false },
  },
});

/** The server side, in its own process so client and server do not share one event loop. */
async function runServer(hook: string): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-http-load-'));
  const script = join(directory, 'allow.sh');
  writeFileSync(
    script,
    '#!/bin/sh\ncat >/dev/null\necho \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\'\n',
    { mode: 0o755 },
  );
  const engine = await createEngine({
    cwd: directory,
    projectDir: directory,
    settings:
      hook === 'command'
        ? [{ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: script }] }] } }]
        : [],
    callbacks:
      hook === 'command'
        ? []
        : [
            {
              event: 'PreToolUse',
              matcher: 'Bash',
              hook: {
                type: 'callback',
                name: 'allow-ls',
                callback: (payload) => ({
                  hookSpecificOutput: {
                    hookEventName: 'PreToolUse',
                    permissionDecision:
                      (payload.tool_input as { command?: string }).command === 'rm -rf /' ? 'deny' : 'allow',
                  },
                }),
              },
            },
          ],
  });
  const server = createHookServer({ engine, token: TOKEN, maxConcurrent: 1024 });
  const { url } = await server.listen(0, '127.0.0.1');
  process.stdout.write(`${url}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function runClients(): Promise<void> {
  const clients = Number(values.clients);
  const total = Number(values.events);
  const deadline = performance.now() + Number(values.seconds) * 1000;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--server-child', '--hook', values.hook],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the server exited before listening')));
  });

  const runner = createHttpRunner();
  const hook = configuredHook({
    event: 'PreToolUse',
    handler: {
      type: 'http',
      url: `${url}/hooks/PreToolUse`,
      headers: { Authorization: 'Bearer $TOKEN' },
      allowedEnvVars: ['TOKEN'],
    },
    definitionId: 'd0',
    provenance: { file: '<bench>', level: 'user', line: 1, column: 1, jsonPath: 'hooks' },
    timeoutSeconds: 30,
  });
  const policy = {
    disableAllHooks: false,
    allowManagedHooksOnly: false,
    allowedHttpHookUrls: [{ pattern: `${url}/*`, level: 'user' as const }],
    httpHookAllowedEnvVars: undefined,
  };
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
  const request: RunRequest = createRunRequest(
    hook,
    payload,
    JSON.stringify(payload),
    runSettings({
      cwd: process.cwd(),
      projectDir: process.cwd(),
      environment: { TOKEN },
      signal: new AbortController().signal,
      policy,
    }),
  );

  let sent = 0;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const started = performance.now();
  const client = async () => {
    while (sent < total && performance.now() < deadline) {
      sent += 1;
      const result = await runner(request);
      latencies.push(result.durationMs);
      if (result.kind !== 'completed' || !result.stdout.includes('"allow"')) {
        const key = result.error ?? `${result.kind}: ${result.stdout.slice(0, 80)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  runner.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));

  latencies.sort((left, right) => left - right);
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
  const lines = [
    `hookwire serve load test (${values.hook} hook, ${clients} keep-alive clients, loopback)`,
    `events: ${latencies.length} in ${seconds.toFixed(2)} s = ${(latencies.length / seconds).toFixed(0)} events/s`,
    `latency ms: p50 ${percentile(latencies, 0.5).toFixed(2)}  p99 ${percentile(latencies, 0.99).toFixed(2)}  max ${(latencies.at(-1) ?? 0).toFixed(2)}`,
    `errors: ${errorCount}`,
    ...[...errors].map(([message, count]) => `  ${count} × ${message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = errorCount === 0 ? 0 : 1;
}

if (values['server-child']) await runServer(values.hook);
else await runClients();
