// The process recorder for a Node program (the compat MCP servers): `recordProcess(file)` appends one line
// of what this process was started with, in record-process.bash's shape, to `file`, and its end on exit.
import { appendFileSync, readdirSync, readFileSync, statSync } from 'node:fs';

const SECRET =
  /(^|_)(TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|JWT|COOKIE|HEADERS)(_|$)/;
const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8');
const fields = (line) => line.slice(line.lastIndexOf(') ') + 2).split(' ');

/** Only 0-2: Node opens descriptors of its own before any code runs, which are not inherited. */
function standardDescriptors() {
  const kinds = {};
  for (const fd of readdirSync('/proc/self/fd').filter((fd) => Number(fd) <= 2)) {
    const info = statSync(`/proc/self/fd/${fd}`, { throwIfNoEntry: false });
    kinds[fd] = !info
      ? 'other'
      : info.isFIFO()
        ? 'pipe'
        : info.isSocket()
          ? 'socket'
          : info.isCharacterDevice()
            ? 'chardev'
            : info.isFile()
              ? 'file'
              : 'other';
  }
  return kinds;
}

export function recordProcess(file) {
  const [, ppid, pgid, sid] = fields(stat('self'));
  const parent = stat(ppid);
  const environ = readFileSync('/proc/self/environ', 'utf8').split('\0').filter(Boolean);
  const env = Object.fromEntries(
    environ.map((entry) => {
      const name = entry.slice(0, entry.indexOf('='));
      const value = entry.slice(entry.indexOf('=') + 1);
      return [
        name,
        SECRET.test(name.toUpperCase()) || /^(sk-|gh[pousr]_|eyJ)/.test(value) ? '<secret>' : value,
      ];
    }),
  );
  delete env.BASH_ENV;
  delete env.PROCESS_RECORDS;
  delete env.PROCESS_RECORDER;
  const line = {
    kind: 'node',
    pid: process.pid,
    ppid: Number(ppid),
    pgid: Number(pgid),
    sid: Number(sid),
    parentPgid: Number(fields(parent)[2]),
    parentComm: parent.slice(parent.indexOf('(') + 1, parent.lastIndexOf(')')),
    argv0: process.argv[1],
    args: process.argv.slice(2),
    cwd: process.cwd(),
    fds: standardDescriptors(),
    env,
    start: Math.round(performance.timeOrigin * 1000),
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
  process.once('exit', (status) =>
    appendFileSync(
      file,
      `${JSON.stringify({ kind: 'node-end', pid: process.pid, status, end: Date.now() * 1000 })}\n`,
    ),
  );
}
