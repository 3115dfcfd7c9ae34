import type { ProcessResult, ProcessSpec } from '../process/spawn-hook-process.js';
import { spawnHookProcess } from '../process/spawn-hook-process.js';

/** Placeholder until the helper process exists: spawns directly. */
export function spawnThroughHelper(spec: ProcessSpec): Promise<ProcessResult> {
  return spawnHookProcess(spec);
}
