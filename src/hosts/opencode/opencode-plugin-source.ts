import type { OpenCodeEvent } from './opencode-events.js';
import { PLUGIN_DAEMON_CLIENT_SOURCE } from './plugin-daemon-client-source.js';

/** The first line of the plugin hookwire writes for `host`: how `init --undo` knows the file is hookwire's. */
export function pluginMarker(host: string): string {
  return `// Written by \`hookwire init ${host}\``;
}

/** How the plugin reaches the warm daemon (docs/daemon.md): the installation the daemon runs, and its socket. */
export interface PluginDaemon {
  /** The Node executable that runs the daemon. */
  readonly node: string;
  /** The real path of the installation's Node bin (`dist/hookwire.cjs`), which names its daemon. */
  readonly hookwire: string;
  /** `daemon-<version>-<fnv1a(hookwire)>.sock`, in the runtime directory the plugin finds at run time. */
  readonly socketName: string;
  /** The version the daemon must greet with. */
  readonly version: string;
}

/** What the plugin is built from: the host it is for, how it reaches hookwire, and the events it hands over. */
export interface OpenCodePluginOptions {
  /** The host's name in `hookwire init <host>` (`opencode`, `kilo`): the plugin's first line. */
  readonly host: string;
  /** `hookwire run --host <host> --settings <hooks file>` as a shell command line, the event name appended. */
  readonly command: string;
  /** The same `run` arguments as the daemon takes them (`run`, `--host`, ..., the event appended). */
  readonly runArguments: readonly string[];
  /** The daemon of the installation `command` runs; null when `command` is another (`--hookwire`). */
  readonly daemon: PluginDaemon | null;
  readonly events: readonly OpenCodeEvent[];
  readonly version: string;
}

/**
 * The source of the plugin `hookwire init opencode` writes to `.opencode/plugins/hookwire.js` (and `init kilo`
 * to `.kilo/plugins/hookwire.js`): plain ESM on Node's own modules, so the host loads it without installing
 * anything. It hands each of `events` to the warm daemon over its socket, from its own process
 * (plugin-daemon-client-source.ts), or, when no daemon can be used, to `command` with the payload on stdin,
 * and applies the answer (`OpenCodeAnswer`, to-opencode-answer.ts). Fails closed: a hookwire that cannot be
 * reached or started, exits other than 0 or answers no JSON blocks the tool call or prompt it was asked
 * about (docs/hosts/opencode.md).
 */
export function openCodePluginSource(options: OpenCodePluginOptions): string {
  return `${pluginMarker(options.host)} ${options.version}: hands the host's events to hookwire and applies its answers.
// Remove it with \`hookwire init ${options.host} --undo\`. docs/hosts/opencode.md says what each answer does.
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

const COMMAND = ${JSON.stringify(options.command)};
const RUN = ${JSON.stringify(options.runArguments)};
const DAEMON = ${JSON.stringify(options.daemon)};
const EVENTS = new Set(${JSON.stringify(options.events)});
${PLUGIN_DAEMON_CLIENT_SOURCE}
/** \`hookwire run\` started for one event, when the daemon cannot be used: its exit code, stdout and stderr. */
function runHookwire(event, stdin, cwd) {
  return new Promise((resolve) => {
    const failed = (why) => resolve({ code: 2, stdout: '', stderr: \`could not be started: \${why}\` });
    let child;
    try {
      child = spawn('/bin/sh', ['-c', \`\${COMMAND} "$1"\`, 'sh', event], { cwd, stdio: 'pipe' });
    } catch (error) {
      failed(error.message);
      return;
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => {});
    child.on('error', (error) => failed(error.message));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 2, stdout, stderr: code === null ? stderr || \`killed by \${signal}\` : stderr }),
    );
    child.stdin.end(stdin);
  });
}

/**
 * \`hookwire run\` for one event, waited for before anything else of the host runs: for an event whose answer
 * the host takes only if the plugin acts before its first \`await\` (Stop: Kilo's \`run\` ends with the session's
 * prompt, docs/hosts/kilo.md).
 */
function runHookwireNow(event, stdin, cwd) {
  const child = spawnSync('/bin/sh', ['-c', \`\${COMMAND} "$1"\`, 'sh', event], {
    cwd,
    input: stdin,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.error !== undefined) return { code: 2, stdout: '', stderr: \`could not be started: \${child.error.message}\` };
  const stderr = child.status === null ? child.stderr || \`killed by \${child.signal}\` : child.stderr;
  return { code: child.status ?? 2, stdout: child.stdout, stderr };
}

/** hookwire's answer for one event: the parsed JSON, or why there is none (fails closed where it can block). */
async function ask(event, payload, cwd) {
  const stdin = JSON.stringify({ ...payload, directory: cwd });
  return read(event, (await askDaemon([...RUN, event], stdin, cwd)) ?? (await runHookwire(event, stdin, cwd)));
}

/** ask, answered before the call returns (runHookwireNow). */
function askNow(event, payload, cwd) {
  return read(event, runHookwireNow(event, JSON.stringify({ ...payload, directory: cwd }), cwd));
}

/** What hookwire's exit code, stdout and stderr for one event say. */
function read(event, { code, stdout, stderr }) {
  const failed = (why) => ({ failed: \`hookwire (\${event}): \${why}\` });
  if (code !== 0) return failed(stderr.trim() || \`exited with \${code}\`);
  if (stderr.trim() !== '') process.stderr.write(stderr.endsWith('\\n') ? stderr : \`\${stderr}\\n\`);
  try {
    const answer = stdout.trim() === '' ? {} : JSON.parse(stdout);
    return { answer: typeof answer === 'object' && answer !== null ? answer : {} };
  } catch {
    return failed(\`answered something other than JSON: \${stdout.slice(0, 200)}\`);
  }
}

/** Asks hookwire; a failure blocks where \`blocking\`, else is told on stderr. The answer, or {}. */
async function decide(event, payload, cwd, blocking) {
  return answerOf(await ask(event, payload, cwd), blocking);
}

/** decide, answered before the call returns. */
function decideNow(event, payload, cwd, blocking) {
  return answerOf(askNow(event, payload, cwd), blocking);
}

function answerOf(result, blocking) {
  if (result.failed !== undefined) {
    if (blocking) return { block: result.failed };
    process.stderr.write(\`\${result.failed}\\n\`);
    return {};
  }
  if (typeof result.answer.systemMessage === 'string') process.stderr.write(\`\${result.answer.systemMessage}\\n\`);
  return result.answer;
}

export const HookwirePlugin = async ({ client, directory }) => {
  const started = new Set();
  const continued = new Set();
  return {
    'chat.message': async (input, output) => {
      const sessionID = input.sessionID;
      const contexts = [];
      // SessionStart is asked before the session's first prompt, so that its context can join that prompt.
      if (EVENTS.has('session.created') && !started.has(sessionID)) {
        started.add(sessionID);
        const answer = await decide('session.created', { sessionID }, directory, false);
        if (typeof answer.context === 'string') contexts.push(answer.context);
      }
      if (EVENTS.has('chat.message')) {
        const prompt = output.parts.filter((part) => part.type === 'text').map((part) => part.text).join('\\n');
        const payload = { sessionID, messageID: input.messageID, agent: input.agent, prompt };
        const answer = await decide('chat.message', payload, directory, true);
        if (typeof answer.block === 'string') throw new Error(answer.block);
        if (typeof answer.context === 'string') contexts.push(answer.context);
      }
      const [first] = output.parts;
      contexts.forEach((text, index) => {
        output.parts.push({
          ...(first === undefined ? {} : { id: \`\${first.id}hw\${index}\`, messageID: first.messageID }),
          sessionID,
          type: 'text',
          text,
          synthetic: true,
        });
      });
    },
    'tool.execute.before': async (input, output) => {
      if (!EVENTS.has('tool.execute.before')) return;
      const payload = { sessionID: input.sessionID, callID: input.callID, tool: input.tool, args: output.args };
      const answer = await decide('tool.execute.before', payload, directory, true);
      if (typeof answer.block === 'string') throw new Error(answer.block);
      if (typeof answer.args === 'object' && answer.args !== null) {
        for (const key of Object.keys(output.args)) delete output.args[key];
        Object.assign(output.args, answer.args);
      }
    },
    'tool.execute.after': async (input, output) => {
      if (!EVENTS.has('tool.execute.after')) return;
      const payload = {
        sessionID: input.sessionID,
        callID: input.callID,
        tool: input.tool,
        args: input.args,
        output: output.output,
        title: output.title,
      };
      const answer = await decide('tool.execute.after', payload, directory, false);
      // The tool has run: a block's reason and the context both reach the model with its output.
      for (const text of [answer.block, answer.context])
        if (typeof text === 'string') output.output = \`\${output.output}\\n\\n\${text}\`;
    },
    event: async ({ event }) => {
      const sessionID = event.properties?.sessionID;
      if (typeof sessionID !== 'string') return;
      if (event.type === 'session.idle' && EVENTS.has('session.idle')) {
        const stopHookActive = continued.has(sessionID);
        // Asked and applied before the handler's first await: Kilo's \`run\` ends with the session's prompt,
        // so a Stop asked over the socket is neither run nor applied there (docs/hosts/kilo.md). The host waits
        // for the Stop hooks, once per turn.
        const answer = decideNow('session.idle', { sessionID, stopHookActive }, directory, false);
        if (typeof answer.block !== 'string') {
          continued.delete(sessionID);
          return;
        }
        // Stop held: the reason is the next prompt. \`opencode run\` has exited by then (docs/hosts/opencode.md).
        continued.add(sessionID);
        try {
          await client.session.promptAsync({ path: { id: sessionID }, body: { parts: [{ type: 'text', text: answer.block }] } });
        } catch (error) {
          process.stderr.write(\`hookwire: a Stop hook asked to go on, which OpenCode did not take: \${error.message}\\n\`);
        }
      } else if (event.type === 'session.deleted' && EVENTS.has('session.deleted')) {
        await decide('session.deleted', { sessionID }, directory, false);
      }
    },
  };
};
`;
}
