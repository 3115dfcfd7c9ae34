import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedClient } from '../../src/install/installed-client.js';
import { clientBinary, daemonWorld, until } from './daemon-harness.js';

const root = new URL('../..', import.meta.url).pathname;
const binary = clientBinary();
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const worlds: Array<ReturnType<typeof daemonWorld>> = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stop();
});

/**
 * A project with hookwire installed in node_modules as npm lays it out: the package (dist/, bin/), its
 * `.bin` links and, with `withClient`, this platform's client package beside it; then hookwire's install
 * step, as npm runs it.
 */
function installedProject(withClient: boolean) {
  const world = daemonWorld();
  worlds.push(world);
  const modules = join(world.project, 'node_modules');
  const hookwire = join(modules, 'hookwire');
  mkdirSync(hookwire, { recursive: true });
  copyFileSync(join(root, 'package.json'), join(hookwire, 'package.json'));
  cpSync(join(root, 'dist'), join(hookwire, 'dist'), { recursive: true });
  cpSync(join(root, 'bin'), join(hookwire, 'bin'), { recursive: true });
  // As the package carries it (bin/install-client.cjs --build under `npm pack`): the Node client.
  copyFileSync(join(root, 'bin', 'hookwire-client.mjs'), join(hookwire, 'bin', 'hookwire-client'));
  // Its dependencies, as npm would have nested or hoisted them.
  symlinkSync(join(root, 'node_modules'), join(hookwire, 'node_modules'));
  mkdirSync(join(modules, '.bin'));
  symlinkSync('../hookwire/dist/hookwire.cjs', join(modules, '.bin', 'hookwire'));
  symlinkSync('../hookwire/bin/hookwire-client', join(modules, '.bin', 'hookwire-client'));
  if (withClient) {
    const clientPackage = join(modules, '@hookwire', `client-${process.platform}-${process.arch}`);
    mkdirSync(join(clientPackage, 'bin'), { recursive: true });
    writeFileSync(
      join(clientPackage, 'package.json'),
      JSON.stringify({ name: `@hookwire/client-${process.platform}-${process.arch}`, version }),
    );
    copyFileSync(binary as string, join(clientPackage, 'bin', 'hookwire-client'));
  }
  execFileSync(process.execPath, [join(hookwire, 'bin', 'install-client.cjs')], { env: world.env });
  mkdirSync(join(world.project, '.claude'));
  writeFileSync(
    join(world.project, '.claude', 'settings.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "no rm" >&2; exit 2' }] }],
        StopFailure: [{ hooks: [{ type: 'command', command: `cat > ${join(world.base, 'stopped')}` }] }],
      },
    }),
  );
  const hookwireBin = join(modules, '.bin', 'hookwire');
  execFileSync(process.execPath, [hookwireBin, 'init', 'claude', '--project', world.project], {
    env: world.env,
    stdio: 'ignore',
  });
  const settings = JSON.parse(readFileSync(join(world.project, '.claude', 'settings.json'), 'utf8')) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
  };
  const command = settings.hooks.PreToolUse?.[0]?.hooks[0]?.command ?? '';
  const stopCommand = settings.hooks.StopFailure?.[0]?.hooks[0]?.command ?? '';
  /** Runs the installed PreToolUse command as Claude Code does: `sh -c`, the payload on stdin. */
  const fireInstalled = () =>
    spawnSync('sh', ['-c', command], { input: world.payload(), env: world.env, encoding: 'utf8' });
  const doctor = () =>
    execFileSync(process.execPath, [hookwireBin, 'doctor', '--project', world.project], {
      env: world.env,
      encoding: 'utf8',
    });
  /** Runs the installed StopFailure command as Claude Code does; resolves once its hook has the payload. */
  const fireStopFailure = async () => {
    const answer = spawnSync('sh', ['-c', stopCommand], {
      input: world.payload({ hook_event_name: 'StopFailure', error: 'server_error' }),
      env: world.env,
      encoding: 'utf8',
    });
    const stopped = join(world.base, 'stopped');
    await until(() => existsSync(stopped) && readFileSync(stopped, 'utf8').includes('server_error'));
    return answer;
  };
  return {
    world,
    client: installedClient(join(hookwire, 'dist', 'hookwire.cjs')),
    command,
    stopCommand,
    fireStopFailure,
    fireInstalled,
    doctor,
  };
}

describe.skipIf(binary === undefined)('hookwire init with the client installed', () => {
  it('installs the native client in place of the Node one, and init calls it: the event goes to the daemon', () => {
    const project = installedProject(true);
    expect(project.client.kind).toBe('native');
    expect(project.command).toContain(
      '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire-client run --settings',
    );
    const answer = project.fireInstalled();
    expect(answer.status).toBe(2);
    expect(answer.stderr).toContain('no rm');
    expect(project.world.daemonPids()).toHaveLength(1);
    const doctor = project.doctor();
    expect(doctor).toContain('client: native');
    expect(doctor).toMatch(/daemon: running/);
    expect(doctor).toContain('an event takes: the native client and the warm daemon');
    expect(doctor).toContain('.claude/settings.json: 2 entries, all through hookwire-client');
  });

  it('installs the plain client command for an event the host does not wait for: the client detaches itself', async () => {
    const project = installedProject(true);
    expect(project.stopCommand).toMatch(
      /^"\$CLAUDE_PROJECT_DIR"\/node_modules\/\.bin\/hookwire-client run --settings \S+ StopFailure$/,
    );
    const answer = await project.fireStopFailure();
    expect([answer.status, answer.stdout, answer.stderr]).toEqual([0, '', '']);
  });
});

describe('hookwire init without a native client for this platform', () => {
  it('keeps the Node client under the same name: the same committed line blocks, with a Node start', () => {
    const project = installedProject(false);
    expect(project.client.kind).toBe('node');
    expect(project.command).toContain(
      '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire-client run --settings',
    );
    const answer = project.fireInstalled();
    expect(answer.status).toBe(2);
    expect(answer.stderr).toContain('no rm');
    expect(project.world.daemonPids()).toHaveLength(0);
    const doctor = project.doctor();
    expect(doctor).toContain('an event takes: a Node start per event');
    expect(doctor).toContain(
      'daemon: not running (only the native client starts it, and there is none here)',
    );
  });

  it('keeps the shell detach for an event the host does not wait for: Node starts after the host SIGTERM', async () => {
    const project = installedProject(false);
    expect(
      project.stopCommand.startsWith(
        `trap '' TERM; set -- "$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire-client run`,
      ),
    ).toBe(true);
    const answer = await project.fireStopFailure();
    expect([answer.status, answer.stdout, answer.stderr]).toEqual([0, '', '']);
  });
});
