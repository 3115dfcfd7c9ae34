// What every host's run-scenario.mjs does the same way: read the command line, lay out a world of its own
// (home, project, hookwire state), start the stand-in model, install the hooks through hookwire, and write
// what was observed. Each host's script keeps what is its own: its config files, its command line, and how
// it reads what the model and the user were shown.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summariseProcesses } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * `node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire CMD]`: the scenario's world under a fresh
 * directory, `{{HOOKS}}` and `{{WORK}}` filled in its hooks, script and files; `directories` (inside the
 * home, for hosts that keep their config there) are created too.
 */
export function scenarioWorld(host, directories = []) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, hookwire: { type: 'string' } },
  });
  const scenario = resolve(positionals[0]);
  const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), `${host}-compat-`)));
  const work = mkdtempSync(join(tmpdir(), `${host}-work-`));
  const home = join(work, 'home');
  const project = join(work, 'project');
  const state = join(work, 'hookwire-state');
  for (const directory of [home, ...directories.map((name) => join(home, name)), project, state, out])
    mkdirSync(directory, { recursive: true });
  const fill = (text) => text.replaceAll('{{HOOKS}}', join(work, 'hooks')).replaceAll('{{WORK}}', work);
  const read = (name) => fill(readFileSync(join(scenario, name), 'utf8'));
  mkdirSync(join(work, 'hooks'));
  for (const name of readdirSync(join(scenario, 'hooks')))
    writeFileSync(join(work, 'hooks', name), read(join('hooks', name)), { mode: 0o755 });
  writeFileSync(join(work, 'script.json'), read('script.json'));
  // The process recorder (processes.mjs): every bash the host or hookwire starts for this world, and the
  // compat MCP servers, record what they were started with. Each host's script builds its CLI's environment
  // from process.env, so setting it here reaches every host.
  const records = join(work, 'processes.jsonl');
  writeFileSync(records, '');
  process.env.BASH_ENV = join(here, 'record-process.bash');
  process.env.PROCESS_RECORDS = records;
  process.env.PROCESS_RECORDER = join(here, 'record-process.mjs');
  // Two probes in the host's environment: whether a hook gets the host's variables, a plain one and one
  // whose name looks like a credential (recorded as <secret>), which a host or hookwire could withhold.
  process.env.COMPAT_ENV_PROBE = 'probe';
  process.env.COMPAT_PROBE_TOKEN = 'probe-token';
  // A runtime directory of this world's own, in every mode (so the hooks' environments compare): the native
  // client (`--hookwire 'hookwire-client --hookwire dist/hookwire.cjs'`) then starts its daemon here, in this
  // run's network namespace, not one that another namespace's run left and that cannot reach this run's
  // stand-in; writeObserved ends it.
  const runtime = join(work, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  process.env.XDG_RUNTIME_DIR = runtime;
  return {
    host,
    hookwire: values.hookwire,
    mode: values.hookwire === undefined ? 'native' : 'hookwire',
    meta: JSON.parse(readFileSync(join(scenario, 'scenario.json'), 'utf8')),
    out,
    work,
    home,
    project,
    state,
    log: join(work, 'requests.jsonl'),
    runtime,
    fill,
    read,
  };
}

/** What names the world's directory but never ends by itself: the client's daemon, Cline's hub daemon. */
const DAEMONS = ['\0daemon\0', '--cline-hub-daemon'];

/** The processes whose command line names the world's directory, and whether each is a daemon. */
function worldProcesses(world) {
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (Number(pid) !== process.pid && command.includes(`${world.work}/`) && alive(pid))
      found.push({ pid: Number(pid), daemon: DAEMONS.some((mark) => command.includes(mark)) });
  }
  return found;
}

/** A zombie is gone for this purpose: its parent reaps it, nothing of it writes any more. */
function alive(pid) {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Waits (up to 20 s) for what the host left running for this world to end by itself, so that a hook the host
 * does not wait for (Auggie's PromptSubmit, Cline's TaskComplete) is recorded whole, then ends the rest: the
 * daemons, and whatever did not end; resolves when they are gone, so that the world's directory can go.
 */
async function endWorldProcesses(world) {
  for (let waited = 0; waited < 20_000 && worldProcesses(world).some((p) => !p.daemon); waited += 100)
    await new Promise((done) => setTimeout(done, 100));
  const left = worldProcesses(world).map((p) => p.pid);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  for (let waited = 0; waited < 5000 && left.some(alive); waited += 50)
    await new Promise((done) => setTimeout(done, 50));
  for (const pid of left.filter(alive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Starts the stand-in model `script` (a path) on the world's script; resolves with it and its port. */
export async function startStandIn(world, script) {
  const portFile = join(world.work, 'port');
  const standIn = spawn(process.execPath, [script, join(world.work, 'script.json'), world.log, portFile], {
    stdio: 'inherit',
  });
  // The file exists a moment before its port is written in it: wait for the port itself.
  const written = () => existsSync(portFile) && readFileSync(portFile, 'utf8') !== '';
  while (!written()) await new Promise((done) => setTimeout(done, 20));
  return { standIn, port: readFileSync(portFile, 'utf8') };
}

/**
 * The host's environment: this script's (the recorder's variables and the probes among them), hookwire's
 * state directory in the world, then the host's own `variables`; never a CLAUDE_PROJECT_DIR of the shell the
 * harness was started from.
 */
export function hostEnvironment(world, variables) {
  const env = { ...process.env, HOOKWIRE_STATE_DIR: world.state, ...variables };
  delete env.CLAUDE_PROJECT_DIR;
  return env;
}

/** The requests the stand-in logged, one object each, those `wanted` keeps. */
export function loggedRequests(world, wanted) {
  const text = existsSync(world.log) ? readFileSync(world.log, 'utf8') : '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter(wanted);
}

/**
 * What the model read, as lines: `show(text)` adds `normalize(text)` unless it is there already (every
 * request repeats the history before it).
 */
export function linesSeenOnce(normalize) {
  const lines = [];
  const seen = new Set();
  const show = (text) => {
    const shown = normalize(text);
    if (seen.has(shown)) return;
    seen.add(shown);
    lines.push(shown);
  };
  return { lines, show };
}

/** A Chat Completions message as the model reads it: `role: text [calls NAME ARGUMENTS]...`. */
export function chatMessageLine(message, partSeparator = '') {
  const text =
    typeof message.content === 'string'
      ? message.content
      : (message.content ?? []).map((part) => part.text ?? '').join(partSeparator);
  const calls = (message.tool_calls ?? []).map(
    (call) => ` [calls ${call.function.name} ${call.function.arguments}]`,
  );
  return `${message.role}: ${text}${calls.join('')}`;
}

/**
 * What the user was shown: the host's stdout, then its stderr, line by line, normalised; blank lines and
 * `noise` left out, tested before and after normalising (`Duration 12s` is noise, and so is a line whose
 * colours normalising takes away).
 */
export function userLines(run, normalize, noise) {
  return `${run.stdout}\n${run.stderr}`.split('\n').flatMap((line) => {
    const shown = normalize(line);
    const dropped = [line, shown].some((text) => text.trim() === '' || noise?.test(text));
    return dropped ? [] : [shown];
  });
}

/**
 * The hookwire mode's set-up: the scenario's hooks.json (Claude Code's shape) as the project's
 * .hookwire/hooks.json, trusted with `hookwire trust`, then `hookwire init <initArgs>`.
 */
export function installThroughHookwire(world, env, initArgs) {
  mkdirSync(join(world.project, '.hookwire'));
  writeFileSync(join(world.project, '.hookwire', 'hooks.json'), world.read('hooks.json'));
  const setup = (args) => {
    const result = spawnSync('sh', ['-c', `${world.hookwire} ${args}`], {
      cwd: world.project,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${args}: ${result.stderr}`);
  };
  setup('trust --project . --settings .hookwire/hooks.json --yes');
  setup(`init ${initArgs} --hookwire ${JSON.stringify(world.hookwire)}`);
}

/** Writes observed.json (and the host's raw output as `outputName`), prints its path, removes the world. */
export async function writeObserved(world, run, { modelRequests, modelSaw, userSaw }, outputName) {
  // What the host left running for this world first: a hook it did not wait for writes and records its end.
  await endWorldProcesses(world);
  const ran = join(world.work, 'ran.txt');
  const observed = {
    scenario: world.meta.name,
    host: world.host,
    mode: world.mode,
    exitCode: run.status,
    toolRan: existsSync(ran) ? readFileSync(ran, 'utf8') : null,
    modelRequests,
    modelSaw,
    userSaw,
    // A scenario's hook written twice, as the host's own hook file natively and in Claude Code's shape
    // through hookwire (Cline's): which native role is which hookwire one (processes.mjs, compareProcesses).
    ...(world.meta.sameRoles ? { sameRoles: world.meta.sameRoles } : {}),
  };
  const records = readFileSync(join(world.work, 'processes.jsonl'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line === '' ? [] : [JSON.parse(line)];
      } catch {
        return [];
      }
    });
  // The reduction every compare.mjs reads, and the raw records of the world's own programs beside it.
  // The session the host ran in: this script's, since spawnSync starts no session of its own.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const hostSession = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[3]);
  observed.processes = summariseProcesses(records, world.work, hostSession);
  writeFileSync(join(world.out, 'observed.json'), `${JSON.stringify(observed, null, 2)}\n`);
  writeFileSync(join(world.out, outputName), `${run.stdout}\n--- stderr\n${run.stderr}`);
  // The raw records of every process, beside observed.json, for a look at what the reduction left out.
  writeFileSync(join(world.out, 'processes.jsonl'), records.map((r) => JSON.stringify(r)).join('\n'));
  console.log(join(world.out, 'observed.json'));
  // A process of the host's may still be writing there for a moment (OpenCode's): retry.
  rmSync(world.work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
