import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { AnyEventName } from '../events/event-names.js';
import { specOf } from '../events/lookup.js';

/** Where a network client's payload may point on this machine. */
export interface PayloadConfinement {
  /** Where hooks run, whatever the payload's `cwd` says (unless it lies in `clientDirectories`). */
  readonly cwd: string;
  /**
   * Real paths of directories the operator shares with clients (a common mount): a payload's `cwd`,
   * `transcript_path` or `agent_transcript_path` is kept when its real path lies inside one. Default none.
   */
  readonly clientDirectories: readonly string[];
}

/**
 * The payload as `serve` fires it. Everything in a request comes from the network, so a client may not
 * choose what the server opens or where it runs: `cwd` becomes the server's directory (a relative
 * `./check.sh` hook would otherwise run a script the client named), and a transcript path becomes `''`
 * (the agent's Transcript tool would otherwise read any file, `/etc/shadow` included). Both are kept,
 * as their real paths, only inside a directory the operator shared. The rest of the payload is the
 * client's to choose: it is what hooks judge.
 */
export async function confinePayload(
  event: AnyEventName,
  payload: Readonly<Record<string, unknown>>,
  confinement: PayloadConfinement,
): Promise<Readonly<Record<string, unknown>>> {
  const confined: Record<string, unknown> = { ...payload };
  // A protocol payload without them would be filled with the engine's defaults, paths on this machine, so
  // they are always set; a Deep Agents payload is exactly what was sent, so only the fields it has.
  const always = specOf(event).family !== 'deepagents';
  if (always || 'cwd' in payload) {
    confined.cwd = (await shared(payload.cwd, confinement)) ?? confinement.cwd;
  }
  for (const field of ['transcript_path', 'agent_transcript_path'] as const) {
    if ((always && field === 'transcript_path') || field in payload) {
      confined[field] = (await shared(payload[field], confinement)) ?? '';
    }
  }
  return confined;
}

/** The real path of `value` when it lies inside a shared directory, else undefined. */
async function shared(value: unknown, confinement: PayloadConfinement): Promise<string | undefined> {
  if (typeof value !== 'string' || confinement.clientDirectories.length === 0) return undefined;
  if (value.includes('\0') || !path.isAbsolute(value)) return undefined;
  let real: string;
  try {
    real = await realpath(value);
  } catch {
    return undefined;
  }
  return confinement.clientDirectories.some((directory) => isInside(directory, real)) ? real : undefined;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  if (relative === '') return true;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
