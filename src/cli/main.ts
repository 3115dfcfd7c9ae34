#!/usr/bin/env node
/*
 * The CLI entry point. Each command lives in its own module, imported only when invoked, so that the hot
 * path (`hookwire run`, spawned by an agent on every event) loads nothing it does not use.
 */
import { version } from '../common/version.js';

type CommandModule = { run(argv: string[]): Promise<number> };

const commands: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  validate: {
    summary: 'Check settings files and report located errors',
    load: () => import('./commands/validate.js'),
  },
  list: {
    summary: 'List every configured hook and where it came from',
    load: () => import('./commands/list.js'),
  },
  fire: {
    summary: 'Fire one event at your hooks and report what they did',
    load: () => import('./commands/fire.js'),
  },
  run: {
    summary: 'Act as a hook: read the event on stdin, answer in the host protocol',
    load: () => import('./commands/run.js'),
  },
  daemon: {
    summary: 'The warm engine behind the native client: answers events as `run` does (docs/daemon.md)',
    load: () => import('./commands/daemon.js'),
  },
  doctor: {
    summary: 'Say which path an event takes here (native client and daemon, or Node) and why',
    load: () => import('./commands/doctor.js'),
  },
  replay: {
    summary: 'Replay a recorded session (JSONL) and print the timeline',
    load: () => import('./commands/replay.js'),
  },
  serve: {
    summary: 'Serve http hooks: run the configured hooks for events POSTed to it',
    load: () => import('./commands/serve.js'),
  },
  events: { summary: 'Print the event catalogue', load: () => import('./commands/events.js') },
  schema: {
    summary: 'Print a JSON Schema (settings, deepagents, outcome; hook-input or hook-output EVENT)',
    load: () => import('./commands/schema.js'),
  },
  init: {
    summary: "Move a project's Claude Code hooks into a hookwire file; one `hookwire run` per event",
    load: () => import('./commands/init.js'),
  },
  trust: {
    summary: "Review a project's hooks and trust them to run (list, revoke)",
    load: () => import('./commands/trust.js'),
  },
  convert: {
    summary: 'Convert Deep Agents hooks.json to Claude-style settings and back',
    load: () => import('./commands/convert.js'),
  },
  'deepagents-adapter': {
    summary: 'Run a converted Deep Agents hook with its exact payload (used by convert)',
    load: () => import('./commands/deepagents-adapter.js'),
  },
  'deepagents-legacy': {
    summary: 'Run a legacy Deep Agents hook migrated to Hooks v2 (used by the deepagents host)',
    load: () => import('./commands/deepagents-legacy.js'),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  return `hookwire ${version}: the hooks engine for AI agents\n\nUsage: hookwire <command> [options]\n\n${lines.join('\n')}\n\nRun \`hookwire <command> --help\` for a command's options.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`hookwire: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`hookwire: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
