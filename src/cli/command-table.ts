/*
 * hookwire's own commands, each imported only when invoked, so that a command loads nothing it does not use.
 * A host adds commands of its own (`Host.commands`: what its installed hooks call, a converter of its files);
 * main.ts lists both, these first.
 */

/** A command of hookwire's own: its module exports `run`, resolving to the exit code. */
export type CommandModule = { run(argv: string[]): Promise<number> };

/** Every command of hookwire's own, by name. */
export const BUILT_IN_COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
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
};
