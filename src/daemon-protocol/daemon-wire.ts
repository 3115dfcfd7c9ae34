/*
 * The daemon's wire format (docs/daemon.md), shared with native/client/hookwire-client.c. Integers are u32
 * little-endian, strings a u32 length and their bytes:
 *   hello, on accepting:  "HWH1" protocol version
 *   request:              "HWQ1" length protocol argc args... cwd envc env... stdin
 * (length: of what follows it). The client keeps the connection open until the answer: its end before the
 * answer means the client is gone.
 *   answer:               "HWA1" exit_code stdout stderr
 * Between the request and the answer the daemon writes a 0 byte every second (HEARTBEAT): a client waits
 * only so long without a byte (docs/daemon.md).
 */

/** The protocol version both sides check in the hello and the request (2: the heartbeat before the answer). */
export const DAEMON_PROTOCOL = 2;
/**
 * The most a request may hold: the client's 16 MiB of input with room for its arguments and environment
 * (REQUEST_LIMIT of the client, which sends a larger event to Node instead), so that a daemon never buffers
 * without bound.
 */
export const REQUEST_LIMIT_BYTES = 20 * 1024 * 1024;
/** Written every second between a whole request and its answer: the client's sign that the daemon lives. */
export const HEARTBEAT = Buffer.of(0);

/** One event as the client sent it. */
export interface DaemonRequest {
  readonly argv: string[];
  readonly cwd: string;
  /** The client's environment, for this event only. */
  readonly env: Record<string, string>;
  readonly stdin: string;
}

/** The greeting a daemon writes on accepting a connection. */
export function encodeHello(version: string): Buffer {
  const versionBytes = Buffer.from(version);
  const hello = Buffer.alloc(12 + versionBytes.length);
  hello.write('HWH1', 0, 'latin1');
  hello.writeUInt32LE(DAEMON_PROTOCOL, 4);
  hello.writeUInt32LE(versionBytes.length, 8);
  versionBytes.copy(hello, 12);
  return hello;
}

/** The answer to one request. */
export function encodeAnswer(exitCode: number, stdout: string, stderr: string): Buffer {
  const out = Buffer.from(stdout);
  const err = Buffer.from(stderr);
  const answer = Buffer.alloc(16 + out.length + err.length);
  answer.write('HWA1', 0, 'latin1');
  answer.writeUInt32LE(exitCode >>> 0, 4);
  answer.writeUInt32LE(out.length, 8);
  out.copy(answer, 12);
  answer.writeUInt32LE(err.length, 12 + out.length);
  err.copy(answer, 16 + out.length);
  return answer;
}

/** Why a request could not be read; the daemon answers it with an error, never runs it. */
export class MalformedRequest extends Error {}

/**
 * The length of the whole request once its first 8 bytes are there, else undefined; throws MalformedRequest
 * when they are not a request's or it is larger than REQUEST_LIMIT_BYTES.
 */
export function requestLength(bytes: Buffer): number | undefined {
  if (bytes.length < 8) return undefined;
  if (bytes.toString('latin1', 0, 4) !== 'HWQ1') throw new MalformedRequest('not a hookwire request');
  const length = 8 + bytes.readUInt32LE(4);
  if (length > REQUEST_LIMIT_BYTES)
    throw new MalformedRequest(`a request of ${length} bytes is over the limit`);
  return length;
}

/** Reads one complete request (`requestLength` bytes); throws MalformedRequest on anything else. */
export function decodeRequest(bytes: Buffer): DaemonRequest {
  let offset = 0;
  const u32 = (): number => {
    if (offset + 4 > bytes.length) throw new MalformedRequest('the request ends early');
    const value = bytes.readUInt32LE(offset);
    offset += 4;
    return value;
  };
  const text = (): string => {
    const length = u32();
    if (offset + length > bytes.length) throw new MalformedRequest('the request ends early');
    const value = bytes.toString('utf8', offset, offset + length);
    offset += length;
    return value;
  };
  if (bytes.toString('latin1', 0, 4) !== 'HWQ1') throw new MalformedRequest('not a hookwire request');
  offset = 8;
  const protocol = u32();
  if (protocol !== DAEMON_PROTOCOL)
    throw new MalformedRequest(`protocol ${protocol}, this daemon speaks ${DAEMON_PROTOCOL}`);
  const argv = Array.from({ length: u32() }, text);
  const cwd = text();
  const env: Record<string, string> = Object.create(null);
  const count = u32();
  for (let index = 0; index < count; index++) {
    const variable = text();
    const equals = variable.indexOf('=');
    if (equals > 0) env[variable.slice(0, equals)] = variable.slice(equals + 1);
  }
  const stdin = text();
  if (offset !== bytes.length) throw new MalformedRequest('bytes after the request');
  return { argv, cwd, env, stdin };
}
