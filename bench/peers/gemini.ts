/**
 * hookwire against Gemini CLI's hook system (`@google/gemini-cli-core`), on the same hooks, in the same run:
 *   npx tsx bench/peers/gemini.ts [--quick]
 * The peer is installed on demand into bench/.peers/ (ignored by git), never as a dependency of hookwire.
 * Three comparisons, each interleaved in random order:
 * 1. an event that matches nothing, 40 hooks configured elsewhere (hookwire `fire('PreToolUse')` against
 *    Gemini's `fireBeforeToolEvent`, the same 40 hooks mapped to Gemini's event names);
 * 2. one matching command hook (`true`) with those 40 beside it, against a bare spawn of the same command;
 * 3. module import time in a fresh process, against `node -e 0`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bareSpawn } from '../lib/bare-spawn.js';
import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { ensureBundle, ROOT } from '../lib/ensure-bundle.js';
import { formatMs, formatRatio, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { loadCreateEngine } from '../lib/load-engine.js';
import { preToolUseLine, preToolUsePayload } from '../lib/payload.js';
import { runProcess } from '../lib/run-process.js';
import { summarise } from '../lib/stats.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';
import { geminiHooksOf } from './gemini-hooks.js';

const PEER_VERSION = '0.61.0';
const PEERS = join(ROOT, 'bench', '.peers');
const PEER_PACKAGE = join(PEERS, 'node_modules', '@google', 'gemini-cli-core');

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const quick = values.quick;

// Gemini reads and writes state under the home directory (trusted hooks, plans): point it at a sandbox
// before its modules load, so the comparison never touches the real home.
const sandbox = mkdtempSync(join(tmpdir(), 'hookwire-peer-gemini-'));
process.env.HOME = sandbox;
process.env.GEMINI_CLI_HOME = sandbox;
process.env.GEMINI_CLI_NO_RELAUNCH = 'true';

installPeer();
// Gemini's debugLogger writes every plan and hook run with console.debug/log/warn; the Gemini CLI app patches
// the console to collect those lines for its debug drawer instead of printing them. Discarding them here is
// cheaper than that collection, so it can only flatter the peer.
const silent = (): void => {};
console.debug = silent;
console.log = silent;
console.warn = silent;
console.info = silent;
const gemini = await import(pathToFileURL(join(PEER_PACKAGE, 'dist', 'index.js')).href);
const createEngine = await loadCreateEngine();
if (createEngine instanceof Error) throw createEngine;

const settings = unrelatedHooks();
const matchingSettings = unrelatedHooks();
matchingSettings.hooks!.PreToolUse!.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] });

const engine = await createEngine(benchEngineOptions(settings));
const matchingEngine = await createEngine(benchEngineOptions(matchingSettings));
const geminiSystem = await geminiHookSystem(geminiHooksOf(settings));
const geminiMatchingSystem = await geminiHookSystem(geminiHooksOf(matchingSettings));

const payload = preToolUsePayload('Bash');
const toolInput = payload.tool_input as Record<string, unknown>;
const line = preToolUseLine('Bash');

await checkBothRun();

const lines: string[] = [];
lines.push(`hookwire against @google/gemini-cli-core ${installedVersion()}: node ${process.version}`);
lines.push('Spreads read: median [p25-p75] min..max n=samples.', '');
lines.push('| comparison | hookwire | Gemini CLI | baseline | Gemini / hookwire |', '|---|---|---|---|---|');

await compareUnmatched();
await compareOneHook();
await compareImport();

await Promise.all([engine.close(), matchingEngine.close()]);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);

async function compareUnmatched(): Promise<void> {
  const calls = 2000;
  const perCall = (fire: () => Promise<unknown>) => async () => {
    const start = nowMs();
    for (let index = 0; index < calls; index++) await fire();
    return (nowMs() - start) / calls;
  };
  const samples = await interleave(
    {
      hookwire: perCall(() => engine.fire('PreToolUse', payload)),
      gemini: perCall(() => geminiSystem.fireBeforeToolEvent('Bash', toolInput)),
    },
    { rounds: quick ? 10 : 40, warmupRounds: 3 },
  );
  row(`event that matches nothing, 40 hooks elsewhere (per call, mean of ${calls} awaited)`, samples, '-');
}

async function compareOneHook(): Promise<void> {
  const samples = await interleave(
    {
      hookwire: async () => timed(() => matchingEngine.fire('PreToolUse', payload)),
      gemini: async () => timed(() => geminiMatchingSystem.fireBeforeToolEvent('Bash', toolInput)),
      bare: async () => timed(() => bareSpawn({ file: '/bin/sh', args: ['-c', 'true'] }, line)),
    },
    { rounds: quick ? 40 : 150, warmupRounds: 5 },
  );
  const bare = summarise(samples.bare!);
  row(
    'one matching command hook (`true`), 40 others',
    samples,
    `bare spawn ${formatSummaryMs(bare)}; overhead hookwire ${formatMs(summarise(samples.hookwire!).median - bare.median)}, Gemini ${formatMs(summarise(samples.gemini!).median - bare.median)}`,
  );
}

async function compareImport(): Promise<void> {
  const built = ensureBundle();
  if (built instanceof Error) throw built;
  const library = pathToFileURL(join(ROOT, 'dist', 'index.js')).href;
  const geminiHooks = pathToFileURL(join(PEER_PACKAGE, 'dist', 'src', 'hooks', 'index.js')).href;
  const importing = (url: string) => async () =>
    (
      await runProcess(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(url)})`],
        '',
        sandbox,
      )
    ).durationMs;
  const samples = await interleave(
    {
      hookwire: importing(library),
      gemini: importing(geminiHooks),
      node: async () => (await runProcess(process.execPath, ['-e', '0'], '', sandbox)).durationMs,
    },
    { rounds: quick ? 4 : 8, warmupRounds: 1 },
  );
  row(
    'import the hooks module, whole process (hookwire dist/index.js, Gemini hooks/index.js)',
    samples,
    `node -e 0 ${formatSummaryMs(summarise(samples.node!))}`,
  );
}

/** Both systems must do what is measured: nothing for the unmatched event, one successful hook otherwise. */
async function checkBothRun(): Promise<void> {
  const handlerOf = (system: unknown) =>
    (
      system as {
        getEventHandler(): { fireBeforeToolEvent(tool: string, input: unknown): Promise<GeminiResult> };
      }
    ).getEventHandler();
  const theirsUnmatched = await handlerOf(geminiSystem).fireBeforeToolEvent('Bash', toolInput);
  const theirsMatched = await handlerOf(geminiMatchingSystem).fireBeforeToolEvent('Bash', toolInput);
  const oursUnmatched = await engine.fire('PreToolUse', payload);
  const oursMatched = await matchingEngine.fire('PreToolUse', payload);
  const problems = [
    theirsUnmatched.allOutputs.length === 0 && theirsUnmatched.success
      ? ''
      : 'Gemini ran hooks for the unmatched event',
    theirsMatched.success && theirsMatched.errors.length === 0
      ? ''
      : `Gemini's hook failed: ${theirsMatched.errors.map((error) => error.message).join('; ')}`,
    oursUnmatched.runs.length === 0 ? '' : 'hookwire ran hooks for the unmatched event',
    oursMatched.runs.length === 1 && oursMatched.runs[0]!.status === 'success'
      ? ''
      : 'hookwire did not run the one hook',
  ].filter((problem) => problem !== '');
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

interface GeminiResult {
  readonly success: boolean;
  readonly allOutputs: readonly unknown[];
  readonly errors: readonly Error[];
}

function row(name: string, samples: Record<string, number[]>, baseline: string): void {
  const ours = summarise(samples.hookwire!);
  const theirs = summarise(samples.gemini!);
  lines.push(
    `| ${name} | ${formatSummaryMs(ours)} | ${formatSummaryMs(theirs)} | ${baseline} | ${formatRatio(theirs.median / ours.median)} |`,
  );
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = nowMs();
  await work();
  return nowMs() - start;
}

/** Gemini's HookSystem as Gemini CLI builds it (config.initialize does the same), with telemetry off. */
async function geminiHookSystem(hooks: Record<string, unknown>) {
  const config = new gemini.Config({
    sessionId: 'hookwire-bench',
    targetDir: sandbox,
    cwd: sandbox,
    debugMode: false,
    model: 'gemini-2.5-flash',
    hooks,
    trustedFolder: true,
    usageStatisticsEnabled: false,
    telemetry: { enabled: false },
  });
  await config.storage.initialize();
  const system = new gemini.HookSystem(config);
  await system.initialize();
  const registered = system.getAllHooks().length;
  const expected = Object.values(hooks).flat().length;
  if (registered !== expected) throw new Error(`Gemini registered ${registered} hooks, expected ${expected}`);
  return system as { fireBeforeToolEvent(tool: string, input: Record<string, unknown>): Promise<unknown> };
}

function installPeer(): void {
  if (existsSync(join(PEER_PACKAGE, 'package.json'))) return;
  mkdirSync(PEERS, { recursive: true });
  process.stderr.write(`installing @google/gemini-cli-core@${PEER_VERSION} into bench/.peers ...\n`);
  execFileSync(
    'npm',
    ['install', '--prefix', PEERS, '--no-audit', '--no-fund', `@google/gemini-cli-core@${PEER_VERSION}`],
    {
      stdio: 'inherit',
    },
  );
}

function installedVersion(): string {
  return JSON.parse(
    execFileSync('node', [
      '-p',
      `JSON.stringify(require(${JSON.stringify(join(PEER_PACKAGE, 'package.json'))}).version)`,
    ]).toString(),
  ) as string;
}
