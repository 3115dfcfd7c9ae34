import { hostNamed } from '../../src/hosts/registry.js';
import { guardMissingProgram } from '../../src/install/missing-program-guard.js';

/**
 * A command line as `hookwire init` writes it for `host`'s `event`: with the host's block when the program
 * cannot start (src/install/missing-program-guard.ts; test/cli/init-missing-program.test.ts runs it).
 */
export function guarded(command: string, host: string, event: string): string {
  return guardMissingProgram(command, hostNamed(host), event);
}
