const SAFE = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The file a session's trace goes to: `<session>.trace.jsonl`. A session id that is not a plain file name
 * (slashes, dots only, over 100 characters, other characters) keeps its safe characters and gets a short
 * hash of the whole id, so that two ids never share a file and none escapes the directory.
 */
export function traceFileName(sessionId: string): string {
  if (SAFE.test(sessionId) && !/^\.+$/.test(sessionId)) return `${sessionId}.trace.jsonl`;
  const kept = sessionId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
  // node:crypto costs milliseconds to load, and `hookwire run` is one process per event: loaded only here,
  // for the rare id that needs it (Claude Code's are UUIDs).
  const { createHash } = process.getBuiltinModule('node:crypto');
  const hash = createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
  return `${kept}-${hash}.trace.jsonl`;
}
