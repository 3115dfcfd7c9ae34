import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBinary, daemonWorld, HOOKWIRE_BIN } from './daemon-harness.js';

const binary = clientBinary();
const worlds: Array<ReturnType<typeof daemonWorld>> = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stop();
});

/*
 * A full disk, for real: a tiny tmpfs mounted over the directory and filled (blocks and inodes) until it
 * returns ENOSPC. Mounting needs no root in a user namespace of our own (`unshare -rm`); the client and the
 * daemon it starts live in that namespace, where the mount is. Skipped where user namespaces are off.
 */
const canMount =
  spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=16k tmpfs /mnt'], { encoding: 'utf8' })
    .status === 0;

const FILL = `cat /dev/zero > "$FULL/fill" 2>/dev/null; i=0; while { true > "$FULL/f$i"; } 2>/dev/null; do i=$((i+1)); done`;

/** Runs `steps` in a shell inside a user and mount namespace where `full` is a full tmpfs. */
function inFullDisk(w: ReturnType<typeof daemonWorld>, full: string, before: string, steps: string): string {
  const script = [
    'set -u',
    // Never fill anything but the tiny tmpfs: without the mount, stop before the first write.
    `mkdir -p "$FULL" && mount -t tmpfs -o size=64k,nr_inodes=64,mode=700 tmpfs "$FULL" || exit 97`,
    `[ "$(stat -f -c %T "$FULL")" = tmpfs ] || exit 98`,
    before,
    FILL,
    steps,
  ].join('\n');
  const result = spawnSync('unshare', ['-rm', 'sh', '-c', script], {
    env: { ...w.env, FULL: full },
    encoding: 'utf8',
  });
  return result.stdout + result.stderr;
}

describe.skipIf(binary === undefined || !canMount)('a full disk', () => {
  const exe = binary as string;

  function scene() {
    const w = daemonWorld();
    worlds.push(w);
    const file = join(w.project, 'hooks.json');
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'echo "no rm" >&2; exit 2' }] }],
          PostToolUse: [{ hooks: [{ type: 'command', command: 'echo "{}"', async: true }] }],
        },
      }),
    );
    const pre = join(w.base, 'pre.json');
    const post = join(w.base, 'post.json');
    writeFileSync(pre, w.payload());
    writeFileSync(post, w.payload({ hook_event_name: 'PostToolUse', tool_response: {} }));
    const trust = `node ${HOOKWIRE_BIN} trust --project ${w.project} --settings ${file} --yes >/dev/null`;
    /** Runs `command` on `input`, its exit code, stdout and stderr into files named `name.*`. */
    const fire = (name: string, command: string, input: string) =>
      `${command} run --settings ${file} < ${input} > ${w.base}/${name}.out 2> ${w.base}/${name}.err; echo $? > ${w.base}/${name}.code`;
    const client = `${exe} --hookwire ${HOOKWIRE_BIN} --node ${process.execPath}`;
    const node = `${process.execPath} ${HOOKWIRE_BIN}`;
    const answer = (name: string) =>
      ['code', 'out', 'err'].map((part) => readFileSync(join(w.base, `${name}.${part}`), 'utf8'));
    return { w, pre, post, trust, fire, client, node, answer };
  }

  it('in the state directory: the daemon answers as the Node run does, and loses only the background result', () => {
    const s = scene();
    const state = s.w.env.HOOKWIRE_STATE_DIR as string;
    const log = inFullDisk(
      s.w,
      state,
      s.trust,
      [
        s.fire('first', s.client, s.pre),
        s.fire('post', s.client, s.post),
        s.fire('warm', s.client, s.pre),
        s.fire('node', s.node, s.pre),
      ].join('\n'),
    );
    expect(log).toBe('');
    expect(s.answer('first')).toEqual(s.answer('node'));
    expect(s.answer('warm')).toEqual(s.answer('node'));
    expect(s.answer('node')).toEqual(['2\n', '', 'no rm\n']);
    expect(s.answer('post')).toEqual(['0\n', '', '']);
    expect(s.w.daemonPids()).toHaveLength(1);
  });

  it('in the runtime directory: no daemon can start, and the client falls back to the Node run', () => {
    const s = scene();
    const log = inFullDisk(
      s.w,
      join(s.w.base, 'run'),
      s.trust,
      [s.fire('client', s.client, s.pre), s.fire('node', s.node, s.pre)].join('\n'),
    );
    expect(log).toBe('');
    expect(s.answer('client')).toEqual(s.answer('node'));
    expect(s.answer('node')).toEqual(['2\n', '', 'no rm\n']);
    expect(s.w.daemonPids()).toHaveLength(0);
  });
});
