#!/usr/bin/env node
// What a PreToolUse hook adds to a tool call inside a real Claude Code session (issue 37): the same `true`
// hook natively, through the native client and the warm daemon (`hookwire-client run`), and through the Node
// `hookwire run` (`node dist/hookwire.cjs run`), in interleaved sessions of the shared harness.
//
// Each session makes TOOL_CALLS Bash calls; each call's command records when it started (`date +%s%N`), and
// the stand-in model API logs when it answered the request whose answer was that tool_use. The figure per
// call is tool start − answer sent: Claude Code's own work between the two is the same in every variant, so
// the difference of the variants' medians is what the hook path adds.
//
//   CLAUDE_BIN=.../claude.exe COMPAT_HARNESS=../shared/compat \
//     unshare -n sh -c 'ip link set lo up; node compat/claude-code/session-latency.mjs [ROUNDS]'
//
// The harness is a development aid outside the project (compat/README.md); `npm run build` first (the bin and
// the native client in bin/). Medians of all calls of all counted rounds; the first round is a warm-up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '../..');
const harness = process.env.COMPAT_HARNESS ?? resolve(project, '../shared/compat');
const rounds = Number(process.argv[2] ?? 6);
const TOOL_CALLS = 8;

const client = join(project, 'bin/hookwire-client');
const variants = {
  native: undefined,
  client: `${client} run --settings "$ORACLE_HOOKS_CONFIG"`,
  node: `node ${join(project, 'dist/hookwire.cjs')} run --settings "$ORACLE_HOOKS_CONFIG"`,
};

const work = mkdtempSync(join(tmpdir(), 'hookwire-session-latency-'));
const scenario = join(work, 'scenario');
mkdirSync(scenario);
const turns = Array.from({ length: TOOL_CALLS }, (_, i) => [
  {
    type: 'tool_use',
    id: `toolu_latency_${i}`,
    name: 'Bash',
    input: { command: 'date +%s%N >> @@OUT@@/tool-start.txt', description: 'record the start' },
  },
]);
writeFileSync(join(scenario, 'script.json'), JSON.stringify([...turns, [{ type: 'text', text: 'done' }]]));
writeFileSync(
  join(scenario, 'settings.json'),
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
  }),
);
writeFileSync(
  join(scenario, 'scenario.json'),
  JSON.stringify({ id: 'session-latency', prompt: 'go', flags: ['--allowedTools', 'Bash'], timeout_s: 120 }),
);

/** One session of `variant`: the delay of each tool call, in ms. */
function session(variant) {
  const out = join(work, `run-${variant}-${Date.now()}`);
  const runner = variants[variant];
  const result = spawnSync(
    process.execPath,
    [
      join(harness, 'run-scenario.mjs'),
      scenario,
      '--out',
      out,
      '--quiet',
      ...(runner ? ['--runner', runner] : []),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, HOOKWIRE_STATE_DIR: join(work, 'state') },
    },
  );
  if (result.status !== 0) throw new Error(`${variant}: the harness exited ${result.status}`);
  const answered = readFileSync(join(out, 'api.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((request) => request.main && request.turn < TOOL_CALLS)
    .map((request) => request.t);
  const startsFile = join(out, 'out/tool-start.txt');
  const starts = existsSync(startsFile)
    ? readFileSync(startsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((ns) => Number(BigInt(ns) / 1000n) / 1000)
    : [];
  if (starts.length !== TOOL_CALLS || answered.length !== TOOL_CALLS) {
    throw new Error(`${variant}: ${starts.length} tools ran for ${answered.length} tool_use answers`);
  }
  rmSync(out, { recursive: true, force: true });
  return starts.map((start, i) => start - answered[i]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];

const delays = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round <= rounds; round++) {
  // A fresh random order each round: the machine's drift spreads over every variant.
  const order = Object.keys(variants).sort(() => Math.random() - 0.5);
  for (const variant of order) {
    const measured = session(variant);
    if (round > 0) delays[variant].push(...measured);
  }
  process.stderr.write(`round ${round}/${rounds}\n`);
}
rmSync(work, { recursive: true, force: true });

const nativeMedian = median(delays.native);
console.log(`| path | tool_use → tool start, median [p25-p75] (n) | over native |`);
console.log(`|---|---|---|`);
for (const [variant, values] of Object.entries(delays)) {
  const m = median(values);
  const spread = `[${quantile(values, 0.25).toFixed(1)}-${quantile(values, 0.75).toFixed(1)}]`;
  const over = variant === 'native' ? '' : `+${(m - nativeMedian).toFixed(1)} ms`;
  console.log(`| ${variant} | ${m.toFixed(1)} ms ${spread} (${values.length}) | ${over} |`);
}
