import { HookwireError } from '../errors/hookwire-error.js';
import { claudeCodeHost } from './claude-code/claude-code-host.js';
import { codexHost } from './codex/codex-host.js';
import { copilotHost } from './copilot/copilot-host.js';
import { deepAgentsHost } from './deepagents/deepagents-host.js';
import { deepAgentsLegacyHost } from './deepagents-legacy/deepagents-legacy-host.js';
import { droidHost } from './droid/droid-host.js';
import { geminiHost } from './gemini/gemini-host.js';
import type { Host } from './host.js';
import { qwenHost } from './qwen/qwen-host.js';

/** The host `--host` names when it is not given. */
export const DEFAULT_HOST = 'claude-code';

/** Every host hookwire speaks, by name. A new host adds its row here (AGENTS.md, "Adding a host"). */
const HOSTS: ReadonlyMap<string, Host> = new Map(
  [
    claudeCodeHost,
    codexHost,
    copilotHost,
    geminiHost,
    qwenHost,
    droidHost,
    deepAgentsLegacyHost,
    deepAgentsHost,
  ].map((host) => [host.name, host] as const),
);

/** The names `--host` accepts, in the registry's order. */
export const HOST_NAMES: readonly string[] = [...HOSTS.keys()];

/** The host named `name`; an unknown name is a usage error that lists the known ones. */
export function hostNamed(name: string = DEFAULT_HOST): Host {
  const host = HOSTS.get(name);
  if (host === undefined) {
    throw new HookwireError(
      'usage',
      `unknown host ${JSON.stringify(name)}; the hosts are ${HOST_NAMES.join(', ')}`,
    );
  }
  return host;
}
