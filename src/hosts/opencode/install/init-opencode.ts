import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { putBackFile } from '../../../install/put-back-file.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { OPENCODE_EVENTS, type OpenCodeEvent, openCodeEventOf } from '../opencode-events.js';
import { openCodePluginSource, PLUGIN_MARKER } from '../opencode-plugin-source.js';

/** Where OpenCode loads a project's plugins from (1.18.33; docs/hosts/opencode.md), relative to the project. */
export const OPENCODE_PLUGIN_FILE = join('.opencode', 'plugins', 'hookwire.js');

/**
 * `hookwire init opencode`: writes the project's `.opencode/plugins/hookwire.js`, a plugin that hands the
 * OpenCode events the project's hooks use to `hookwire run --host opencode --settings <hooks file>` and
 * applies the answers (src/hosts/opencode/opencode-plugin-source.ts). Running it again rewrites the plugin
 * for the hooks file as it is now. `--undo` removes the plugin when it is hookwire's (its first line says
 * so); a file of the same name that is not hookwire's is never written or removed. Returns the exit code.
 */
export function initOpenCode(options: HostInstallOptions): number {
  const file = join(options.projectDir, OPENCODE_PLUGIN_FILE);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current !== undefined && !current.startsWith(PLUGIN_MARKER)) {
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
  const command = `${hookwire} run --host opencode --settings ${quoteShellWord(options.hooksPath)}`;
  const events = wantedEvents(options);
  const text = openCodePluginSource({ command, events, version: options.version });
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  writeIfChanged(file, current, text, options.err, false);
  options.err(`hookwire init: OpenCode runs hookwire for ${events.join(', ')} (${file})\n`);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'OpenCode', options.err);
  return 0;
}

/** The OpenCode events the project's hooks use; hooks of events OpenCode has no place for are listed. */
function wantedEvents(options: HostInstallOptions): OpenCodeEvent[] {
  if (!existsSync(options.hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${options.hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseHooksSettings(options.hooksPath, readFileSync(options.hooksPath, 'utf8'), {
    init: 'opencode',
    comments: false,
  });
  const used = isJsonObject(document.hooks) ? Object.keys(document.hooks) : [];
  for (const event of used.filter((name) => openCodeEventOf(name) === undefined)) {
    options.err(`hookwire init: OpenCode has no ${event} event; its hooks do not run under OpenCode\n`);
  }
  return (Object.keys(OPENCODE_EVENTS) as OpenCodeEvent[]).filter((event) =>
    used.includes(OPENCODE_EVENTS[event]),
  );
}
