// What an http hook's server received (compat scenarios whose server records OUT/http-requests.jsonl:
// method, path, headers with secret-looking values replaced by a short hash, body), reduced to what two runs
// can share, and compared: natively and through hookwire the server must see the same request, except for
// the HTTP client's own default headers (process-differences.json, `httpHeaders`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Headers that depend on the run (the server's port, the body's length with the run's paths). */
const PER_RUN = new Set(['host', 'content-length', 'connection']);

function normalise(value, runDir) {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(runDir, '@@RUN@@')
      .replaceAll(runDir.replace(/[^A-Za-z0-9]/g, '-'), '@@RUN@@')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'),
  );
}

/** The requests of a run, each `{ method, path, headers, body }` (headers sorted, per-run ones left out). */
export function summariseHttpRequests(runDir, ignoredHeaders = []) {
  const file = join(runDir, 'out', 'http-requests.jsonl');
  if (!existsSync(file)) return [];
  const ignored = new Set([...PER_RUN, ...ignoredHeaders]);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map(({ method, path, headers, body }) => ({
      method,
      path,
      headers: Object.fromEntries(
        Object.entries(headers)
          .filter(([name]) => !ignored.has(name))
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
      body: normalise(body, runDir),
    }));
}

/** One line per difference. */
export function compareHttpRequests(a, b) {
  const lines = [];
  if (a.length !== b.length) lines.push(`requests: native ${a.length} | hookwire ${b.length}`);
  a.forEach((request, i) => {
    const other = b[i];
    if (!other) return;
    for (const key of ['method', 'path', 'headers', 'body']) {
      const [x, y] = [JSON.stringify(request[key]), JSON.stringify(other[key])];
      if (x !== y) lines.push(`request ${i} ${key}: native ${x.slice(0, 400)} | hookwire ${y.slice(0, 400)}`);
    }
  });
  return lines;
}
