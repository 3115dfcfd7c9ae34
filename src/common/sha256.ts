/*
 * SHA-256 with node:crypto loaded on first use, not when a module that may hash is loaded: node:crypto, with
 * the stream modules it loads, costs `hookwire run` about 5 ms of start-up, and an event that hashes nothing
 * (no file to check against the trust store) should not pay it. (A SHA-256 in JavaScript was measured too:
 * run once in a fresh process it stays in V8's interpreter and took 50-100 ms for a 7 KB settings file on a
 * loaded machine, far more than loading node:crypto; docs/performance.md.)
 */

/** SHA-256 of the bytes (a string: of its UTF-8), as 64 lowercase hex digits. */
export function sha256Hex(input: Uint8Array | string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(input).digest('hex');
}
