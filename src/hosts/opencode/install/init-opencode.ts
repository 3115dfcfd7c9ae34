import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { quoteShellWord, splitShellWords } from '../../../common/shell-words.js';
import { daemonSocketPath } from '../../../daemon-protocol/daemon-socket.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { installedClient } from '../../../install/installed-client.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { putBackFile } from '../../../install/put-back-file.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { OPENCODE_EVENTS, type OpenCodeEvent, openCodeEventOf } from '../opencode-events.js';
import { openCodePluginSource, type PluginDaemon, pluginMarker } from '../opencode-plugin-source.js';
import { OPENCODE_PLUGIN_HOST, type PluginHost } from '../plugin-host.js';

/** Where OpenCode loads a project's plugins from (1.18.33; docs/hosts/opencode.md), relative to the project. */
export const OPENCODE_PLUGIN_FILE = OPENCODE_PLUGIN_HOST.pluginFile;

/** `hookwire init opencode`: `initPluginHost` for OpenCode. */
export function initOpenCode(options: HostInstallOptions): number {
  return initPluginHost(OPENCODE_PLUGIN_HOST, options);
}

/**
 * `hookwire init <host>` for a host with OpenCode's plugin surface: writes the project's plugin file
 * (`.opencode/plugins/hookwire.js`, `.kilo/plugins/hookwire.js`), a plugin that hands the events the
 * project's hooks use to the warm daemon, or to `hookwire run --host <host> --settings <hooks file>` where
 * no daemon can be used, and applies the answers (src/hosts/opencode/opencode-plugin-source.ts). Running it
 * again rewrites the plugin for the hooks file as it is now. `--undo` removes the plugin when it is
 * hookwire's (its first line says so); a file of the same name that is not hookwire's is never written or
 * removed. Returns the exit code.
 */
export function initPluginHost(host: PluginHost, options: HostInstallOptions): number {
  const file = join(options.projectDir, host.pluginFile);
  const marker = pluginMarker(host.name);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current !== undefined && !current.startsWith(marker)) {
    throw new CommandInputError(`${file} is not hookwire's plugin; move it away first`);
  }
  if (options.undo) {
    if (options.print) {
      options.out(`# ${file}\n(removed)\n`);
      return 0;
    }
    if (current === undefined) options.err(`hookwire init: found no ${file}\n`);
    else {
      // hookwire's own file: it goes, with the directories init made for it (docs/cli.md).
      putBackFile(
        file,
        current,
        () => undefined,
        () => false,
      );
      options.err(`hookwire init: removed ${file}\n`);
    }
    return 0;
  }
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const runArguments = ['run', '--host', host.name, '--settings', options.hooksPath];
  const command = `${hookwire} run --host ${host.name} --settings ${quoteShellWord(options.hooksPath)}`;
  const events = wantedEvents(host, options);
  const daemon = pluginDaemon(options);
  const text = openCodePluginSource({
    host: host.name,
    command,
    runArguments,
    daemon,
    events,
    version: options.version,
  });
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  writeIfChanged(file, current, text, options.err, false);
  options.err(
    `hookwire init: ${host.displayName} runs hookwire for ${events.join(', ')} (${file}); events take: ${
      daemon === null
        ? `a start of ${hookwire} per event`
        : 'the warm daemon, from the plugin itself (a start of hookwire run per event where it cannot be used)'
    }\n`,
  );
  warnIfUntrusted(options.hooksPath, options.projectDir, host.displayName, options.err);
  return 0;
}

/**
 * The daemon of this installation (docs/daemon.md), which the plugin asks in its own process; null when the
 * plugin is to call another hookwire (`--hookwire CMD` naming neither this installation's Node bin nor its
 * client), whose daemon, if any, the plugin cannot know. The daemon runs on the Node that runs `init`.
 */
function pluginDaemon(options: HostInstallOptions): PluginDaemon | null {
  // The daemon is the Node bin's (`dist/hookwire.cjs`), never the sources' (a checkout run through tsx).
  if (basename(options.cliPath) !== 'hookwire.cjs' || realPathOr(options.cliPath) === undefined) return null;
  const socketPath = daemonSocketPath(options.cliPath, {});
  if (socketPath === undefined) return null;
  if (options.hookwire !== undefined) {
    const own = [options.cliPath, realPathOr(installedClient(options.cliPath).path)];
    const words = splitShellWords(options.hookwire) ?? [];
    if (!words.some((word) => own.includes(realPathOr(word) ?? ''))) return null;
  }
  return {
    node: process.execPath,
    hookwire: options.cliPath,
    socketName: basename(socketPath),
    version: options.version,
  };
}

function realPathOr(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The host's events the project's hooks use; hooks of events it has no place for are listed. */
function wantedEvents(host: PluginHost, options: HostInstallOptions): OpenCodeEvent[] {
  const used = projectHooksEvents(options.hooksPath, host.name);
  for (const event of used.filter((name) => openCodeEventOf(name) === undefined)) {
    options.err(
      `hookwire init: ${host.displayName} has no ${event} event; its hooks do not run under ${host.displayName}\n`,
    );
  }
  return (Object.keys(OPENCODE_EVENTS) as OpenCodeEvent[]).filter((event) =>
    used.includes(OPENCODE_EVENTS[event]),
  );
}
