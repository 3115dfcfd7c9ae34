import { HookwireError } from '../errors/hookwire-error.js';
import { augmentHost } from './augment/augment-host.js';
import { claudeCodeHost } from './claude-code/claude-code-host.js';
import { clineHost } from './cline/cline-host.js';
import { codexHost } from './codex/codex-host.js';
import { copilotHost } from './copilot/copilot-host.js';
import { cursorHost } from './cursor/cursor-host.js';
import { deepAgentsHost } from './deepagents/deepagents-host.js';
import { deepAgentsLegacyHost } from './deepagents-legacy/deepagents-legacy-host.js';
import { droidHost } from './droid/droid-host.js';
import { geminiHost } from './gemini/gemini-host.js';
import type { Host } from './host.js';
import { kiloHost } from './kilo/kilo-host.js';
import { openCodeHost } from './opencode/opencode-host.js';
import { qwenHost } from './qwen/qwen-host.js';

/** The host `--host` names when it is not given. */
export const DEFAULT_HOST = 'claude-code';

/** The contract version this hookwire implements: a host written for another is refused. */
export const SPECIFICATION_VERSION = 'v1';

/** Every host hookwire speaks. A new host adds its row here (AGENTS.md, "Adding a host"). */
const HOSTS: Host[] = [
  claudeCodeHost,
  codexHost,
  copilotHost,
  geminiHost,
  qwenHost,
  droidHost,
  augmentHost,
  openCodeHost,
  kiloHost,
  cursorHost,
  clineHost,
  deepAgentsLegacyHost,
  deepAgentsHost,
];

/** Each host by its name and by each of its aliases. */
const BY_NAME: Map<string, Host> = new Map(
  HOSTS.flatMap((host) => [host.name, ...host.aliases].map((name) => [name, host] as const)),
);

/** The names of hookwire's own hosts, in the registry's order (`hostNamed` takes their aliases too). */
export const HOST_NAMES: readonly string[] = HOSTS.map((host) => host.name);

/**
 * Adds a host written outside hookwire (`hookwire/host`), found by `hostNamed` from then on in this process.
 * Refused (a `usage` HookwireError): another contract version, a name or alias a host already has, or a
 * command (`Host.commands`) another host adds.
 */
export function registerHost(host: Host): void {
  if (host.specificationVersion !== SPECIFICATION_VERSION) {
    throw new HookwireError(
      'usage',
      `host ${JSON.stringify(host.name)} implements contract ${JSON.stringify(host.specificationVersion)}; this hookwire implements ${SPECIFICATION_VERSION}`,
    );
  }
  const names = [host.name, ...host.aliases];
  const taken = names.find((name) => BY_NAME.has(name));
  if (taken !== undefined) {
    throw new HookwireError(
      'usage',
      `host name ${JSON.stringify(taken)} is taken by ${BY_NAME.get(taken)?.displayName}`,
    );
  }
  const command = Object.keys(host.commands ?? {}).find((name) =>
    HOSTS.some((other) => other.commands?.[name] !== undefined),
  );
  if (command !== undefined) {
    throw new HookwireError(
      'usage',
      `command ${JSON.stringify(command)} of host ${JSON.stringify(host.name)} is another host's`,
    );
  }
  HOSTS.push(host);
  for (const name of names) BY_NAME.set(name, host);
}

/** Every registered host, in the registry's order. */
export function registeredHosts(): readonly Host[] {
  return HOSTS;
}

/** The hosts as the refusal of an unknown name lists them: `claude-code (claude), codex (codex-cli), ...`. */
export function hostList(): string {
  return HOSTS.map((host) =>
    host.aliases.length === 0 ? host.name : `${host.name} (${host.aliases.join(', ')})`,
  ).join(', ');
}

/** The host named `name` or one of its aliases; an unknown name is a usage error that lists the known ones. */
export function hostNamed(name: string = DEFAULT_HOST): Host {
  const host = BY_NAME.get(name);
  if (host === undefined) {
    throw new HookwireError(
      'usage',
      `--host ${JSON.stringify(name)} names no host; the hosts are ${hostList()}`,
    );
  }
  return host;
}
