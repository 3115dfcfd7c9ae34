import type { ProcessResult } from '../process/spawn-hook-process.js';

/** One hook to run in the spawner process. The environment is an overlay on the spawner's own (the host's). */
export interface SpawnRequestMessage {
  readonly type: 'run';
  readonly id: number;
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly envOverlay: Readonly<Record<string, string>>;
  /** Host variables the hook must not inherit (an engine that scrubs secrets). */
  readonly withheldVariables?: readonly string[];
  readonly input: string;
  readonly timeoutMs: number;
  readonly outputCapBytes: number;
  /** The hook run's marker, made by the host (spawnHookProcess). */
  readonly marker: string;
}

/** Host → spawner. */
export type ToSpawnerMessage =
  | SpawnRequestMessage
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'end-all'; readonly id: number };

/** Spawner → host. `done` answers `run` and `end-all` alike. */
export type FromSpawnerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly id: number; readonly result?: ProcessResult };
