import { readFileSync } from 'node:fs';
import { runLegacyAdapter } from '../../hosts/deepagents/legacy-adapter.js';

/**
 * `hookwire deepagents-legacy EVENT B64ARGV`: a legacy Deep Agents hook that Hooks v2 migration turned into
 * a command handler (docs/deepagents.md). Reads the Hooks v2 payload on stdin; prints nothing.
 */
export async function run(argv: string[]): Promise<number> {
  let stdin = '';
  try {
    stdin = readFileSync(0, 'utf8');
  } catch {
    return 1;
  }
  return runLegacyAdapter(argv, stdin);
}
