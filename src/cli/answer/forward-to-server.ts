import type { CommandAnswer, Host, IncomingEvent } from '../../hosts/host.js';
import { CommandInputError } from '../command-input.js';

/**
 * The longest a remote `serve` may take to answer one event; then the event fails closed here, before a
 * host's own hook timeout (Gemini CLI's default is 60 s) would end this process and let the event through.
 */
export const SERVER_WAIT_MS = 30_000;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * `hookwire run --server URL`: the event goes to a remote `hookwire serve` (`POST URL/hooks/<Event>?host=NAME
 * &answer=command`, the host's own payload as the body, `Authorization: Bearer` with the token from the
 * variable `tokenVariable`, never from the command line), which answers in the host's command form; that is
 * this process's answer. Anything else (no token, a refused connection, no answer within SERVER_WAIT_MS, a
 * status other than 200, a body that is not that form) throws, located, and `hookwire run` answers it as its
 * own failure: a block on every event that can block.
 */
export async function forwardToServer(
  server: string,
  tokenVariable: string,
  host: Host,
  incoming: IncomingEvent,
  env: NodeJS.ProcessEnv,
): Promise<CommandAnswer> {
  const base = serverUrl(server);
  const token = env[tokenVariable];
  if (token === undefined || token === '') {
    throw new CommandInputError(
      `--server ${base.origin} needs its token in the variable ${tokenVariable} (the one the server names with --token-env)`,
    );
  }
  const path = `${base.pathname.replace(/\/$/, '')}/hooks/${encodeURIComponent(incoming.original.event)}`;
  const url = new URL(`${path}?host=${encodeURIComponent(host.name)}&answer=command`, base);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(incoming.original.payload),
      signal: AbortSignal.timeout(SERVER_WAIT_MS),
    });
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${SERVER_WAIT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new Error(`the hookwire server ${base.origin} could not be asked: ${why}`);
  }
  if (response.status !== 200) {
    throw new Error(`the hookwire server ${base.origin} answered ${response.status}: ${errorOf(text)}`);
  }
  const answer = commandAnswerOf(text);
  if (answer === undefined) {
    throw new Error(`the hookwire server ${base.origin} answered something other than a command answer`);
  }
  return answer;
}

/** The server's URL: https, or http to this machine only (a token never crosses a network in clear). */
function serverUrl(server: string): URL {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CommandInputError(
      `--server must be a URL (https://HOST[:PORT]), not ${JSON.stringify(server)}`,
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new CommandInputError('--server names the server only: no user, password, query or fragment');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) return url;
  throw new CommandInputError(
    `--server must be https:// (http:// only to this machine), not ${url.protocol}//${url.host}`,
  );
}

function commandAnswerOf(text: string): CommandAnswer | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { exitCode, stdout, stderr } = body as Record<string, unknown>;
  if (!Number.isInteger(exitCode) || typeof stdout !== 'string' || typeof stderr !== 'string')
    return undefined;
  return { exitCode: exitCode as number, stdout, stderr };
}

/** A refusal's `error` field, bounded: what the server said, never the request. */
function errorOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return error.slice(0, 500);
  } catch {
    // Not the server's JSON.
  }
  return text.slice(0, 200);
}
