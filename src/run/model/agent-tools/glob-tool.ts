import path from 'node:path';
import { z } from 'zod';
import { type AgentTool, toolError } from './agent-tool.js';
import { boundText, TOOL_RESULT_MAX_CHARS } from './bounded-text.js';
import { compileGlob, globSubject } from './glob-pattern.js';
import { PatternWorker, patternWorkerFailure } from './pattern-worker.js';
import { resolveProjectPath, toPosix } from './resolve-project-path.js';
import { parseToolInput, toolInputSchema } from './tool-input.js';
import { walkProjectFiles } from './walk-project-files.js';

const MAX_RESULTS = 500;

const globInput = z.object({
  pattern: z
    .string()
    .min(1)
    .describe('Glob such as "**/*.ts", "src/*.json" or "*.md" (slash-free: any depth).'),
  path: z.string().optional().describe('Directory to search, relative to the project. Default: the project.'),
});

/** Lists files inside the project whose path matches a glob, sorted, at most MAX_RESULTS. */
export const globTool: AgentTool = {
  name: 'Glob',
  description: `List files inside the project matching a glob pattern (relative to path). Skips .git and node_modules; at most ${MAX_RESULTS} paths.`,
  inputSchema: toolInputSchema(globInput),
  async run(input, context) {
    const parsed = parseToolInput(globInput, 'Glob', input);
    if (!parsed.ok) return toolError(parsed.error);
    const start = await resolveProjectPath(context.projectRoot, parsed.value.path ?? '.');
    if (!start.ok) return toolError(start.error);
    const glob = compileGlob(parsed.value.pattern);
    const walked: string[] = [];
    const subjects: string[] = [];
    const walk = { limited: false };
    for await (const file of walkProjectFiles(context.projectRoot, start.absolute, context.signal, walk)) {
      walked.push(file.relative);
      subjects.push(globSubject(glob, toPosix(path.relative(start.absolute, file.absolute))));
    }
    // The glob compiles to a backtracking expression (nine `**` took 18.9 s): matched on a worker the
    // hook's timeout terminates.
    const worker = new PatternWorker(
      [{ source: glob.regex.source, flags: glob.regex.flags }],
      context.signal,
    );
    let found: string[];
    try {
      found = (await worker.matchSubjects(0, subjects, MAX_RESULTS)).map((index) => walked[index]!);
    } catch (error) {
      return toolError(patternWorkerFailure('Glob', error));
    } finally {
      await worker.close();
    }
    if (found.length === 0) return { content: 'No files found.', isError: false };
    const notes = [
      found.length >= MAX_RESULTS ? `[stopped at ${MAX_RESULTS} paths]` : '',
      walk.limited ? '[stopped: too many files; narrow the path]' : '',
    ].filter((note) => note !== '');
    return { content: boundText([...found, ...notes].join('\n'), TOOL_RESULT_MAX_CHARS), isError: false };
  },
};
