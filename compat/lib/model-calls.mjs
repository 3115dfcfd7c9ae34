// What the stand-in for the model API received, reduced to what two runs of one scenario can share: every
// main-loop request (the main agent's and its subagents'), whole: the system prompt, the tools' names and
// every message, normalised for what differs between runs (the run directory, ids, ports, times). A hook's
// additionalContext, a deny's reason, a rewritten input: whatever hookwire changes in what the model sees
// shows here, in any message of any request, not only in the newest ones.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The run-to-run noise in a request's text. */
function normalise(text, runDir) {
  return text
    .replaceAll(runDir, '@@RUN@@')
    .replaceAll(runDir.replace(/[^A-Za-z0-9]/g, '-'), '@@RUN@@')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\ba[0-9a-f]{16}\b/g, '<agent-id>')
    .replace(/\b[0-9a-f]{32}\b/g, '<hash>')
    .replace(/\b[0-9a-f]{7,12}\b/g, '<short-hash>')
    .replace(/<duration_ms>\d+<\/duration_ms>/g, '<duration_ms>N</duration_ms>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\d{13}/g, '<ms>')
    .replace(/\b[A-Z][a-z]{2} +\d{1,2} +\d{2}:\d{2}\b/g, '<ls-time>')
    .replace(/(\w)\1{50,}/g, '$1{many}')
    .replace(/\[[^\]\n]*\]: /g, '[<cmd>]: ')
    .replace(/from command: (\\?)".*?\1"(?=: )/g, 'from command: "<cmd>"');
}

/** The main-loop requests of a run, each `{ who, system, tools, messages }` with normalised texts. */
export function summariseModelCalls(runDir) {
  const log = join(runDir, 'api.log');
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((request) => request.main)
    .map((request) => {
      let body = {};
      try {
        body = JSON.parse(request.body);
      } catch {
        // Not JSON: compared as empty on both sides.
      }
      return {
        who: `${request.sub ? 'sub' : 'main'}${request.turn}`,
        system: normalise(JSON.stringify(body.system ?? null), runDir),
        tools: (body.tools ?? []).map((tool) => tool.name),
        messages: (body.messages ?? []).map((message) => normalise(JSON.stringify(message), runDir)),
      };
    });
}

/** Where two runs' model calls differ, one line each (the first differing message of a request). */
export function compareModelCalls(a, b) {
  const lines = [];
  if (a.length !== b.length) lines.push(`requests: native ${a.length} | hookwire ${b.length}`);
  const byWho = new Map(b.map((request) => [request.who, request]));
  for (const request of a) {
    const other = byWho.get(request.who);
    if (!other) {
      lines.push(`${request.who}: only natively`);
      continue;
    }
    if (request.system !== other.system)
      lines.push(`${request.who} system: ${firstDifference(request.system, other.system)}`);
    if (request.tools.join() !== other.tools.join())
      lines.push(`${request.who} tools: native ${request.tools.join()} | hookwire ${other.tools.join()}`);
    const count = Math.max(request.messages.length, other.messages.length);
    for (let i = 0; i < count; i++) {
      if (request.messages[i] === other.messages[i]) continue;
      lines.push(
        `${request.who} message ${i}: ${firstDifference(request.messages[i] ?? '', other.messages[i] ?? '')}`,
      );
      break;
    }
  }
  return lines;
}

/** The two texts around where they first differ. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `native …${a.slice(from, i + 120)}… | hookwire …${b.slice(from, i + 120)}…`;
}
