import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a test plugin holds: its manifest (or none), its hooks/hooks.json, and files (mode 0755 for scripts). */
export interface PluginFiles {
  /** `.claude-plugin/plugin.json`; undefined writes none. */
  readonly manifest?: Record<string, unknown>;
  /** `hooks/hooks.json`, as an object; undefined writes none. */
  readonly hooksFile?: Record<string, unknown>;
  /** Further files by path relative to the plugin root; those under `hooks/` or `scripts/` are executable. */
  readonly files?: Readonly<Record<string, string>>;
}

/** Writes a Claude Code plugin directory at `root`, as a published plugin lays itself out. */
export function writePlugin(root: string, plugin: PluginFiles): string {
  const write = (relative: string, text: string) => {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (/^(hooks|scripts)\//.test(relative) && !relative.endsWith('.json')) chmodSync(path, 0o755);
  };
  mkdirSync(root, { recursive: true });
  if (plugin.manifest) write('.claude-plugin/plugin.json', JSON.stringify(plugin.manifest, null, 2));
  if (plugin.hooksFile) write('hooks/hooks.json', JSON.stringify(plugin.hooksFile, null, 2));
  for (const [relative, text] of Object.entries(plugin.files ?? {})) write(relative, text);
  return root;
}

/** A POSIX shell script that reads the payload and prints `body` (a JSON object) to stdout. */
export function printingScript(body: Record<string, unknown>): string {
  return `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '${JSON.stringify(body)}'\n`;
}

/** A guard plugin: its PreToolUse hook denies Bash commands with `rm -rf`, through ${CLAUDE_PLUGIN_ROOT}. */
export function guardPlugin(root: string, name = 'guard', reason = 'rm -rf is not allowed'): string {
  return writePlugin(root, {
    manifest: { name, version: '1.2.0', description: 'Blocks dangerous commands.' },
    hooksFile: {
      description: 'Dangerous command guard',
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh' }] },
        ],
      },
    },
    files: {
      'hooks/guard.sh': `#!/bin/sh
payload=$(cat)
case "$payload" in
  *'rm -rf'*) printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}' ;;
esac
exit 0
`,
    },
  });
}
