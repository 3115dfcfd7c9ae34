import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../common/version.js';
import { hooksOf } from '../../hosts/claude-code/install/hooks-added-since.js';
import { CLAUDE_SETTINGS_FILES, parseSettings } from '../../hosts/claude-code/install/plan-claude-init.js';
import { type InstalledClient, installedClient } from '../../install/installed-client.js';
import { isHookwireRun } from '../../install/is-hookwire-run.js';
import { isJsonObject } from '../../install/stay-reason.js';
import { realPathOf } from '../../settings/trust-check.js';
import { exitForUsageError, workingDirectory } from '../command-input.js';
import { daemonGreets, daemonSocketPath, runtimeDirectoryRefusal } from '../daemon/daemon-socket.js';

const HELP = `Usage: hookwire doctor [--project DIR]

Says which path an event takes on this machine (the native client and the warm daemon, or a Node start per
event) and why, and how the project's Claude Code settings call hookwire. Changes nothing.
`;

/** The client's own back-off after a daemon failed to start (native/client/hookwire-client.c). */
const START_BACKOFF_MS = 60_000;

/** `hookwire doctor`: one line per fact, then the path an event takes, as `name: value` lines. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { project: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const cli = realPathOf(process.argv[1] ?? '');
    const client = installedClient(cli);
    const daemon = await daemonState(cli, client);
    const lines = [
      `hookwire: ${version} (${cli})`,
      `client: ${describeClient(client)}`,
      `daemon: ${daemon.description}`,
      `an event takes: ${eventPath(client, daemon.usable)}`,
      ...projectLines(workingDirectory(values.project)),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    return exitForUsageError('doctor', HELP, error);
  }
}

function describeClient(client: InstalledClient): string {
  const packageName = `@hookwire/client-${process.platform}-${process.arch}`;
  switch (client.kind) {
    case 'native':
      return `native, ${client.path}`;
    case 'node':
      return `the Node CLI, ${client.path} (no native client was installed: ${packageName} is missing, or install scripts did not run; \`npm rebuild hookwire\` runs them again)`;
    case 'missing':
      return `none beside ${dirname(dirname(client.path))} (a checkout without bin/, or an older hookwire)`;
  }
}

async function daemonState(
  cli: string,
  client: InstalledClient,
): Promise<{ description: string; usable: boolean }> {
  if (process.env.HOOKWIRE_DAEMON === '0') return { description: 'off (HOOKWIRE_DAEMON=0)', usable: false };
  const socket = daemonSocketPath(cli);
  if (socket === undefined)
    return { description: 'unusable: the socket path would be too long to bind', usable: false };
  const refusal = runtimeDirectoryRefusal(dirname(socket));
  if (refusal !== undefined) return { description: `unusable: ${refusal}`, usable: false };
  if (await daemonGreets(socket)) return { description: `running, ${socket}`, usable: true };
  const failedAt = modifiedAt(join(dirname(socket), 'start-failed'));
  if (failedAt !== undefined && Date.now() - failedAt < START_BACKOFF_MS)
    return {
      description: `a start failed less than a minute ago (see ${socket.replace(/\.sock$/, '.log')}); events use Node until then`,
      usable: false,
    };
  // Only the native client starts the daemon: without it, no event ever does.
  if (client.kind !== 'native')
    return {
      description: 'not running (only the native client starts it, and there is none here)',
      usable: false,
    };
  return { description: `not running; the first event starts it at ${socket}`, usable: true };
}

function eventPath(client: InstalledClient, daemonUsable: boolean): string {
  if (client.kind !== 'native') return 'a Node start per event (hookwire run)';
  if (!daemonUsable) return 'the native client, falling back to a Node start per event (see daemon)';
  return 'the native client and the warm daemon';
}

/** How each Claude Code settings file of the project calls hookwire, entry by entry. */
function projectLines(projectDir: string): string[] {
  const lines: string[] = [];
  for (const file of CLAUDE_SETTINGS_FILES) {
    const path = join(projectDir, file);
    if (!existsSync(path)) continue;
    let settings: ReturnType<typeof parseSettings>;
    try {
      settings = parseSettings(file, readFileSync(path, 'utf8'));
    } catch (error) {
      lines.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    const commands = Object.values(hooksOf(settings))
      .flat()
      .flatMap((definition) =>
        isJsonObject(definition) && Array.isArray(definition.hooks) ? definition.hooks : [],
      )
      .flatMap((hook) => (isJsonObject(hook) && typeof hook.command === 'string' ? [hook.command] : []));
    const calls = commands.filter(isHookwireRun);
    if (calls.length === 0) {
      lines.push(`${file}: no hookwire run entries (\`hookwire init claude\` installs them)`);
      continue;
    }
    const throughClient = calls.filter((command) => /hookwire-client run /.test(command)).length;
    lines.push(
      throughClient === calls.length
        ? `${file}: ${calls.length} entries, all through hookwire-client`
        : `${file}: ${calls.length} entries, ${calls.length - throughClient} through a Node start (\`hookwire init claude --force\` in a project with the client rewrites them)`,
    );
  }
  return lines;
}

function modifiedAt(path: string): number | undefined {
  try {
    const status = lstatSync(path);
    return status.isFile() ? status.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}
