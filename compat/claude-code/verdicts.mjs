// A run of the harness reduced to what the differential compares: for a rules × subjects scenario, which
// rule fired on which subject; for an output scenario, whether the tool ran and what the model and the
// stream were told; for the lifetime scenario, how each event's hook ended.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const subjectOf = (stdin) => String(stdin?.tool_use_id ?? '?').replace(/^toolu_\d+_/, '');

/** Normalises what differs between two runs of the same thing: the run directory, times, ids, ports. */
export function normalise(text, runDir) {
  return String(text)
    .replaceAll(runDir, '@@RUN@@')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\d{13}/g, '<ms>')
    .replace(/(\w)\1{50,}/g, '$1{many}')
    .replace(/…\[\+\d+\]/g, '…[+N]')
    .replace(/\[[^\]]*\]: /g, '[<cmd>]: ');
}

export function verdictOf(meta, { observed, runDir }) {
  const kind = meta.kind ?? 'scenario';
  if (kind === 'rules') {
    const fired = Object.fromEntries(Object.keys(meta.rules).map((id) => [id, []]));
    for (const hook of observed.hook_stdin) {
      const id = String(hook.hook).replace(/^rule:/, '');
      if (id in fired) fired[id].push(subjectOf(hook.stdin));
    }
    for (const id of Object.keys(fired)) fired[id] = [...new Set(fired[id])].sort();
    return { fired, subjectsCalled: observed.stream_tool_results.length };
  }
  if (kind === 'lifetime') return lifetimeVerdict(meta, observed, runDir);
  if (kind === 'late') return lateVerdict(meta, observed, runDir);
  const toolResult = observed.stream_tool_results[0];
  return {
    hookRan: observed.hook_stdin.length > 0,
    toolRan: observed.tool_ran,
    toolResult: toolResult ? normalise(toolResult.content, runDir).slice(0, 400) : null,
    toolResultIsError: toolResult?.is_error ?? null,
    // What the user is told besides (the stream's system messages: a hook_no_verdict warning, ...). The
    // stream's hook_response lines are not compared: through hookwire they describe the catch-all.
    systemMessages: observed.stream_system_other.map((e) => `${e.subtype}${e.tag ? `:${e.tag}` : ''}`),
    result: normalise(observed.result?.result ?? '', runDir).slice(0, 300),
  };
}

/**
 * Each event's hook: whether it started, how it ended (`end` after its two seconds, `TERM`, or `none`:
 * killed without a chance to record it, or still running when the harness collected), and whether the
 * host waited for it (its next model request, or its exit, came after the hook ended).
 */
function lifetimeVerdict(meta, observed, runDir) {
  const lifeFile = join(runDir, 'out', 'life.jsonl');
  const lines = existsSync(lifeFile)
    ? readFileSync(lifeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const api = readFileSync(join(runDir, 'api.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  // Only the main loop's model requests tell whether the host went on: side requests (titles, summaries)
  // run concurrently with hooks.
  const main = api.filter((r) => r.main);
  const firstRequest = observed.requests[0];
  const t0 = main.length && firstRequest ? main[0].t - firstRequest.t_ms : null;
  const exitAt = t0 === null ? null : t0 + observed.wall_ms;
  const events = {};
  for (const event of meta.events) {
    const mine = lines.filter((l) => l.event === event);
    const start = mine.find((l) => l.what === 'start');
    if (!start) {
      events[event] = { ran: false };
      continue;
    }
    const ending = mine.find((l) => l.what === 'end' || l.what === 'TERM');
    const next = [
      ...main.filter((r) => r.t > start.t).map((r) => r.t),
      ...(exitAt ? [exitAt] : []),
    ].sort()[0];
    events[event] = {
      ran: true,
      ended: ending?.what ?? 'none',
      termAfterStartMs: ending?.what === 'TERM' ? bucket(ending.t - start.t) : undefined,
      awaited: meta.awaitedNotCompared
        ? undefined
        : ending?.what === 'end' && next !== undefined
          ? next >= ending.t
          : ending
            ? false
            : null,
      firings: mine.filter((l) => l.what === 'start').length,
    };
  }
  return { events };
}

/**
 * Whether the host applied the answers that came after it went on (L02): the late CwdChanged's
 * `watchPaths` (FileChanged then fires on late.txt), its CLAUDE_ENV_FILE export (a later Bash call sees
 * it), a late SubagentStop block (the subagent gets another turn with the reason).
 */
function lateVerdict(meta, observed, runDir) {
  const { events } = lifetimeVerdict(meta, observed, runDir);
  const fileChanged = observed.hook_stdin.filter((h) => h.hook === 'late:FileChanged');
  const envResult = observed.stream_tool_results.find((r) => r.tool_use_id.endsWith('_env'));
  const api = readFileSync(join(runDir, 'api.log'), 'utf8');
  return {
    events,
    lateWatchPathsApplied: fileChanged.some((h) => String(h.stdin?.file_path ?? '').endsWith('late.txt')),
    lateEnvFileApplied: /env=cwd/.test(envResult?.content ?? ''),
    lateSubagentStopBlockApplied: api.includes('MK_SUBSTOP_LATE'),
  };
}

/** A duration in the coarse steps a loaded machine keeps stable. */
function bucket(ms) {
  for (const step of [100, 500, 1000, 2000, 5000]) if (ms < step) return `<${step}`;
  return '>=5000';
}
