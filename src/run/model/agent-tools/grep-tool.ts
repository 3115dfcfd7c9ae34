import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { type AgentTool, toolError } from './agent-tool.js';
import { boundText, TOOL_RESULT_MAX_CHARS } from './bounded-text.js';
import { compileGlob, globMatches } from './glob-pattern.js';
import { PatternWorker, patternWorkerFailure } from './pattern-worker.js';
import { readTextFile } from './read-tool.js';
import { resolveProjectPath } from './resolve-project-path.js';
import { parseToolInput, toolInputSchema } from './tool-input.js';
import { walkProjectFiles } from './walk-project-files.js';

const MAX_MATCHES = 200;
/** Larger files are skipped: a hook's search is about source and config, not data dumps. */
const MAX_FILE_MIB = 2;
const MAX_FILE_BYTES = MAX_FILE_MIB * 1024 * 1024;
/** Lines are cut before matching, so a long line costs at most this much per match. */
const MAX_LINE_CHARS = 4000;

const grepInput = z.object({
  pattern: z.string().min(1).describe('JavaScript regular expression, matched against each line.'),
  path: z.string().optional().describe('File or directory to search, relative to the project. Default: all.'),
  glob: z.string().optional().describe('Only files matching this glob, e.g. "*.ts" or "src/**/*.json".'),
  ignore_case: z.boolean().optional(),
});

/** Searches file contents inside the project; answers `path:line: text`, at most MAX_MATCHES matches. */
export const grepTool: AgentTool = {
  name: 'Grep',
  description: `Search file contents inside the project with a regular expression. Returns path:line: text, at most ${MAX_MATCHES} matches. Skips .git, node_modules, binaries and files over ${MAX_FILE_MIB} MiB.`,
  inputSchema: toolInputSchema(grepInput),
  async run(input, context) {
    const parsed = parseToolInput(grepInput, 'Grep', input);
    if (!parsed.ok) return toolError(parsed.error);
    let regex: RegExp;
    try {
      regex = new RegExp(parsed.value.pattern, parsed.value.ignore_case === true ? 'i' : '');
    } catch (error) {
      return toolError(`invalid regular expression: ${(error as Error).message}`);
    }
    const start = await resolveProjectPath(context.projectRoot, parsed.value.path ?? '.');
    if (!start.ok) return toolError(start.error);
    const glob = parsed.value.glob === undefined ? undefined : compileGlob(parsed.value.glob);
    if (glob?.regex.warning !== undefined) return toolError(`Grep: ${glob.regex.warning}`);
    const walk = { limited: false };
    const files: { absolute: string; relative: string }[] = [];
    const walked = (await isDirectory(start.absolute))
      ? walkProjectFiles(context.projectRoot, start.absolute, context.signal, walk)
      : single(start.absolute, start.relative);
    // The glob is matched here, in time linear in each path.
    for await (const file of walked)
      if (glob === undefined || globMatches(glob, file.relative)) files.push(file);
    // The model's regex runs on a worker the hook's timeout terminates: JavaScript's engine backtracks,
    // and `(a+)+$` ran for over a minute under a 5 s timeout when matched here.
    const worker = new PatternWorker([{ source: regex.source, flags: regex.flags }], context.signal);
    const matches: string[] = [];
    try {
      for (const file of files) {
        if (context.signal.aborted) break;
        const text = await readTextFile(file.absolute, MAX_FILE_BYTES);
        if (!text.ok || text.truncated) continue;
        const limit = MAX_MATCHES - matches.length;
        const found = await worker.matchLines(0, text.text, MAX_LINE_CHARS, limit);
        const lines = found.length === 0 ? [] : text.text.split('\n');
        for (const index of found) {
          matches.push(`${file.relative}:${index + 1}: ${lines[index]!.slice(0, 300)}`);
        }
        if (matches.length >= MAX_MATCHES) break;
      }
    } catch (error) {
      return toolError(patternWorkerFailure('Grep', error));
    } finally {
      await worker.close();
    }
    if (matches.length === 0) return { content: 'No matches.', isError: false };
    const notes = [
      matches.length >= MAX_MATCHES ? `[stopped at ${MAX_MATCHES} matches]` : '',
      walk.limited ? '[stopped: too many files; narrow the path or glob]' : '',
    ].filter((note) => note !== '');
    return { content: boundText([...matches, ...notes].join('\n'), TOOL_RESULT_MAX_CHARS), isError: false };
  },
};

async function isDirectory(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isDirectory();
  } catch {
    return false;
  }
}

async function* single(
  absolute: string,
  relative: string,
): AsyncGenerator<{ absolute: string; relative: string }> {
  yield { absolute, relative };
}
