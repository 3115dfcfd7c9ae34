import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { convertToClaude } from '../../hosts/deepagents/list-hooks/convert-to-claude.js';
import { convertToDeepAgents } from '../../hosts/deepagents/list-hooks/convert-to-deepagents.js';
import { claudeSettingsSchema } from '../../settings/settings-schema.js';

const HELP = `Usage: hookwire convert --to claude|deepagents FILE [--out FILE] [--hookwire COMMAND]

--to claude       Deep Agents hooks.json -> Claude-style settings. Each entry becomes, per event, an async
                  command hook on the closest protocol event that runs
                  \`hookwire deepagents-adapter EVENT -- ARGV...\`, so the command still receives the exact
                  Deep Agents payload. Events without an equivalent (context.offload) are listed on stderr.
--to deepagents   Claude-style settings -> Deep Agents hooks.json, where possible: command hooks only, no
                  narrowing matchers; hooks written by \`--to claude\` get their original argv back; a shell
                  command becomes ["sh", "-c", COMMAND]. What cannot be converted is listed on stderr.
--out FILE        Write there instead of stdout.
--hookwire CMD    How converted hooks call hookwire (default: hookwire, found on PATH).

Exit 0 when converted (even with notes), 1 when FILE cannot be read or is not of the expected kind.
`;

/** `hookwire convert`: Deep Agents hooks.json to Claude-style settings and back. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      out: { type: 'string' },
      hookwire: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [file, ...extra] = positionals;
  if ((values.to !== 'claude' && values.to !== 'deepagents') || file === undefined || extra.length > 0) {
    process.stderr.write(`hookwire convert: expected --to claude|deepagents and one FILE\n\n${HELP}`);
    return 2;
  }
  const document = readDocument(file);
  if ('error' in document) {
    process.stderr.write(`hookwire convert: ${document.error}\n`);
    return 1;
  }
  let result: { settings: unknown; notes: readonly string[] };
  if (values.to === 'claude') {
    result = convertToClaude(document.value, values.hookwire ? { hookwireCommand: values.hookwire } : {});
  } else {
    const parsed = claudeSettingsSchema.safeParse(document.value);
    if (!parsed.success) {
      process.stderr.write(
        `hookwire convert: ${file} is not valid Claude-style settings; run \`hookwire validate ${file}\`\n`,
      );
      return 1;
    }
    result = convertToDeepAgents(parsed.data);
  }
  const text = `${JSON.stringify(result.settings, null, 2)}\n`;
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  for (const note of result.notes) process.stderr.write(`hookwire convert: ${file}: ${note}\n`);
  return 0;
}

/** The file's JSON (comments allowed, as in settings files), or why it cannot be read. */
function readDocument(file: string): { value: unknown } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { error: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first) {
    return {
      error: `${file}: malformed JSON at offset ${first.offset}: ${printParseErrorCode(first.error)}`,
    };
  }
  return { value };
}
