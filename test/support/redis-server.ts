import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether `redis-server` can be run here. */
export function haveRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Why the Redis tests are skipped here, or undefined when they run. In CI (`CI=true`) a missing
 * redis-server is no reason: `.ci/run` installs it, so the tests run and fail rather than skip.
 */
export function redisSkipReason(): string | undefined {
  if (haveRedisServer()) return undefined;
  if (process.env.CI === 'true') {
    throw new Error('redis-server is not installed, and CI must run the Redis tests (.ci/run installs it)');
  }
  return 'redis-server is not installed (apt-get install redis-server): the Redis state tests are skipped';
}

/** A free port on 127.0.0.1 (free when asked; the caller binds it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** A redis-server of a test's own: its port, its directory, started and stopped by the test. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it (again), on the same port and directory: what it saved at its last stop is loaded. */
  start(): Promise<void>;
  /** Stops it; `save` writes its data first (a restart keeps the state), else it is killed (SIGKILL). */
  stop(how: 'save' | 'kill'): Promise<void>;
  /**
   * Makes it slow to the point of silence: SIGSTOP, so connections stay open and new ones are accepted by
   * the kernel, but nothing is answered until `resume()` (SIGCONT); then every command waiting is run.
   */
  pause(): void;
  resume(): void;
  /** Stops it and removes its directory. */
  remove(): Promise<void>;
}

/**
 * A redis-server on a free port of 127.0.0.1, in a temporary directory, without persistence of its own
 * (`--save ''`, `--appendonly no`): only `stop('save')` writes a snapshot, so a restart can keep the state.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `redis://127.0.0.1:${port}/0`;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          directory,
          '--save',
          '',
          '--appendonly',
          'no',
          '--enable-debug-command',
          'local',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      exited = new Promise((done) => started.once('exit', () => done()));
      let output = '';
      started.stdout?.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.stderr?.resume();
      started.once('exit', (code) =>
        reject(new Error(`redis-server exited (${code}): ${output.slice(-2000)}`)),
      );
    });
  const stop = async (how: 'save' | 'kill') => {
    const running = child;
    if (running === undefined || running.exitCode !== null) return;
    // A paused server would never save; a killed one must not stay stopped as a zombie's parent waits.
    running.kill('SIGCONT');
    if (how === 'kill') running.kill('SIGKILL');
    else {
      // SHUTDOWN SAVE writes a snapshot even with --save ''; the restart loads it.
      try {
        execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'save'], { stdio: 'ignore' });
      } catch {
        // redis-cli may report the connection closing under it: the exit below is what counts.
      }
    }
    await exited;
    child = undefined;
  };
  const signal = (name: NodeJS.Signals) => {
    if (child === undefined || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  await start();
  return {
    port,
    url,
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async remove() {
      await stop('kill');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
