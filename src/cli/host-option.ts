import { HookwireError } from '../errors/hookwire-error.js';
import type { Host } from '../hosts/host.js';
import { hostNamed } from '../hosts/registry.js';

/**
 * The host `--host NAME` names (Claude Code when absent; a host's aliases too), or, for a name no host has,
 * exit code 2 (a usage error) after telling stderr which hosts there are.
 */
export function hostOption(name: string | undefined, command: string): Host | number {
  try {
    return hostNamed(name);
  } catch (error) {
    if (!(error instanceof HookwireError)) throw error;
    process.stderr.write(`hookwire ${command}: ${error.message}\n`);
    return 2;
  }
}
