import { createInterface } from 'node:readline/promises';

/**
 * Asks a yes/no question on the terminal; only `y` or `yes` is yes. The caller checks that stdin is a TTY:
 * a question piped to a script would be answered by whatever the pipe holds.
 */
export async function confirm(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await lines.question(`${question} [y/N] `);
    return /^(y|yes)$/i.test(answer.trim());
  } finally {
    lines.close();
  }
}
