// The process records of one run (record-process.bash, record-process.mjs) reduced to what a native run and
// a run through hookwire can share, and the comparison of two such reductions.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Differences hookwire makes on purpose, each explained in docs/processes.md ("Compared with Claude Code"). */
export const deliberate = JSON.parse(readFileSync(join(here, 'process-differences.json'), 'utf8'));

/**
 * The deliberate differences on one host: those of every host, and the host's own (`hosts.<name>` in
 * process-differences.json, each explained in docs/hosts/<name>.md).
 */
export function deliberateOn(host) {
  const own = deliberate.hosts?.[host] ?? {};
  const fields = { ...deliberate.fields };
  for (const [field, roles] of Object.entries(own.fields ?? {}))
    fields[field] = [...(fields[field] ?? []), ...roles];
  return {
    env: { ...deliberate.env, ...own.env },
    envValues: [...deliberate.envValues, ...(own.envValues ?? [])],
    fields,
    hookwireOnlyRoles: [...deliberate.hookwireOnlyRoles, ...(own.hookwireOnlyRoles ?? [])],
    sameRoles: { ...deliberate.sameRoles, ...own.sameRoles },
    sameFdKinds: { ...own.sameFdKinds },
    lifetimeFloor: own.lifetimeFloor,
  };
}

function normalise(text, runDir) {
  return String(text)
    .replaceAll(runDir, '@@RUN@@')
    .replaceAll(runDir.replace(/[^A-Za-z0-9]/g, '-'), '@@RUN@@')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\/tmp\/[^/\s:"']+/g, '/tmp/<dir>');
}

/** The role of a process: the program and its arguments, a shell's command cut to its first word. */
function roleOf(record, runDir) {
  const argv0 = normalise(record.argv0, runDir);
  const args = record.args.map((arg) => normalise(arg, runDir));
  if (args[0] === '-c' || args.includes('-c')) return `${argv0} -c ${String(args.at(-1)).split(/\s/)[0]}…`;
  return [argv0, ...args].join(' ');
}

const bucket = (us) => {
  if (us === undefined) return 'no end recorded';
  for (const ms of [100, 1000, 5000, 30000]) if (us / 1000 < ms) return `<${ms}ms`;
  return '>=30000ms';
};

/**
 * One entry per process started for a hook or an MCP server (its program lies in the run's directory: the
 * scenario's hooks and servers, the harness's helpers), in start order: what it saw, in words that do not
 * depend on the run. The host's own Bash tool shells, what a login shell starts, and the harness's set-up
 * and post commands are the same both ways and are left out.
 */
export function summariseProcesses(records, runDir, hostSession = undefined) {
  const ends = new Map(records.filter((r) => r.kind.endsWith('-end')).map((r) => [r.pid, r]));
  return records
    .filter((r) => !r.kind.endsWith('-end') && String(r.argv0).startsWith(`${runDir}/`))
    .sort((a, b) => a.start - b.start)
    .map((r) => {
      const end = ends.get(r.pid);
      return {
        role: roleOf(r, runDir),
        cwd: normalise(r.cwd, runDir),
        env: Object.fromEntries(
          Object.entries(r.env)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([name, value]) => [name, normalise(value, runDir)]),
        ),
        fds: r.fds,
        groupLeader: r.pgid === r.pid,
        sessionLeader: r.sid === r.pid,
        parentsGroup: r.pgid === r.parentPgid,
        // Whether it runs in the session the host was started in (the harness's), or in a new one.
        ...(hostSession === undefined ? {} : { hostsSession: r.sid === hostSession }),
        parent: r.parentComm,
        status: end?.status ?? null,
        lifetime: bucket(end ? end.end - r.start : undefined),
      };
    });
}

/**
 * The differences between two runs' processes, role by role: a role one run lacks, then for each process
 * of a role (in start order) every field that differs, the environment name by name. Deliberate
 * differences (process-differences.json, those of every host and the host's own) are left out.
 * `scenarioSameRoles` pairs a scenario's own native roles with hookwire's (its scenario.json's `sameRoles`:
 * a hook the host runs as a file of its own, natively, and as a script hookwire runs).
 */
export function compareProcesses(
  native = [],
  hookwire = [],
  host = 'claude-code',
  bothThroughHookwire = false,
  scenarioSameRoles = {},
) {
  const deliberate = deliberateOn(host);
  deliberate.sameRoles = { ...deliberate.sameRoles, ...scenarioSameRoles };
  // Two runs through hookwire (the Node run against the client): a process only hookwire starts is in both.
  if (bothThroughHookwire) deliberate.hookwireOnlyRoles = [];
  const byRole = (list) => {
    const roles = new Map();
    for (const p of list) roles.set(p.role, [...(roles.get(p.role) ?? []), p]);
    return roles;
  };
  // A scenario's one hook written twice, in the host's own output format and in Claude Code's: one role.
  const sameRole = (p) => ({
    ...p,
    role: Object.entries(deliberate.sameRoles).reduce((role, [from, to]) => role.replace(from, to), p.role),
  });
  const a = byRole(native.map(sameRole));
  const b = byRole(hookwire.filter((p) => !deliberate.hookwireOnlyRoles.some((r) => p.role.includes(r))));
  const differences = [];
  for (const role of new Set([...a.keys(), ...b.keys()])) {
    const [left, right] = [a.get(role) ?? [], b.get(role) ?? []];
    if (left.length === 0 || right.length === 0) {
      differences.push(`${role}: ${left.length === 0 ? 'only through hookwire' : 'only native'}`);
      continue;
    }
    // The first of each role: later ones repeat it (one hook per event), and their count depends on timing.
    // Descriptor kinds the host and hookwire give alike (sameFdKinds): an extra descriptor still shows.
    const kinds = (fds) =>
      Object.fromEntries(Object.entries(fds).map(([fd, kind]) => [fd, deliberate.sameFdKinds[kind] ?? kind]));
    // Lifetimes from `lifetimeFloor` up only (process-differences.json): below it, the recorder's own
    // start on a loaded machine decides the bucket.
    const floor = deliberate.lifetimeFloor;
    const lifetime = (value) =>
      floor && /^<\d+ms$/.test(value) && Number(value.slice(1, -2)) < Number(floor.slice(1, -2))
        ? floor
        : value;
    const [p, q] = [left[0], right[0]].map((x) => ({
      ...x,
      fds: kinds(x.fds),
      lifetime: lifetime(x.lifetime),
    }));
    for (const field of [
      'cwd',
      'fds',
      'groupLeader',
      'sessionLeader',
      'parentsGroup',
      'hostsSession',
      'parent',
      'status',
      'lifetime',
    ]) {
      if ((deliberate.fields[field] ?? []).some((r) => role.includes(r))) continue;
      if (JSON.stringify(p[field]) !== JSON.stringify(q[field]))
        differences.push(
          `${role}: ${field}: native ${JSON.stringify(p[field])} | hookwire ${JSON.stringify(q[field])}`,
        );
    }
    const names = new Set([...Object.keys(p.env), ...Object.keys(q.env)]);
    for (const name of names) {
      if (deliberate.env[name] !== undefined) continue;
      if (!(name in p.env)) differences.push(`${role}: env ${name}: only through hookwire`);
      else if (!(name in q.env)) differences.push(`${role}: env ${name}: only native`);
      else if (p.env[name] !== q.env[name] && !deliberate.envValues.includes(name))
        differences.push(
          `${role}: env ${name}: native ${JSON.stringify(p.env[name])} | hookwire ${JSON.stringify(q.env[name])}`,
        );
    }
  }
  return differences;
}
