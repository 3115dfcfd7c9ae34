import { spawn } from 'node:child_process';

/** The least a caller can do to run a command with a payload on stdin and wait for it: the baseline. */
export interface BareCommand {
  readonly file: string;
  readonly args: readonly string[];
}

/**
 * Spawns `command`, writes `input` to its stdin, drains stdout and stderr (a real caller must read them) and
 * resolves when the process has exited and its pipes have closed, as the engine does. Rejects on a spawn
 * error, since a baseline that fails means the machine is broken, not the engine.
 */
export function bareSpawn(command: BareCommand, input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, { stdio: 'pipe' });
    child.on('error', reject);
    child.stdout.on('data', ignore);
    child.stderr.on('data', ignore);
    // The command may exit before reading: EPIPE is its right, as in the engine.
    child.stdin.on('error', ignore);
    child.stdin.end(input);
    child.on('close', () => resolve());
  });
}

function ignore(): void {}
