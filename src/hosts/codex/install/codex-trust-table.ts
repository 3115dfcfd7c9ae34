import { CommandInputError } from '../../../errors/command-input-error.js';

/** A handler's trust as Codex records it in config.toml: `[hooks.state."<key>"] trusted_hash = "<hash>"`. */
export interface CodexTrust {
  readonly key: string;
  readonly hash: string;
}

const STATE_HEADER = /^\s*\[\s*hooks\.state\.("(?:[^"\\\n]|\\.)*")\s*\]\s*(?:#.*)?$/;
const ANY_HEADER = /^\s*\[/;
const TRUSTED_HASH = /^\s*trusted_hash\s*=/;

/**
 * config.toml with `trust` recorded and the tables of `removed` keys gone, every other byte kept: the
 * file is edited as lines, not parsed and re-printed, so comments and the user's layout stay. Only tables
 * written as `[hooks.state."<key>"]` are edited; a key named any other way (a dotted key, an inline table)
 * is refused with where it is, since writing a second definition would make Codex refuse the whole file.
 */
export function withCodexTrust(
  configFile: string,
  text: string,
  trust: readonly CodexTrust[],
  removed: readonly string[],
): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let lines = text === '' ? [] : text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  for (const key of [...trust.map((entry) => entry.key), ...removed])
    refuseOtherSpellings(configFile, lines, key);

  for (const key of removed) {
    const table = tableOf(lines, key);
    if (table === undefined) continue;
    // A blank line before the table was written with it.
    const start = table.start > 0 && lines[table.start - 1]?.trim() === '' ? table.start - 1 : table.start;
    lines = [...lines.slice(0, start), ...lines.slice(table.end)];
  }
  for (const { key, hash } of trust) {
    const line = `trusted_hash = ${JSON.stringify(hash)}`;
    const table = tableOf(lines, key);
    if (table === undefined) {
      if (lines.length > 0 && lines.at(-1)?.trim() !== '') lines.push('');
      lines.push(`[hooks.state.${JSON.stringify(key)}]`, line);
      continue;
    }
    const at = lines.slice(table.start + 1, table.end).findIndex((entry) => TRUSTED_HASH.test(entry));
    if (at === -1) lines.splice(table.start + 1, 0, line);
    else lines[table.start + 1 + at] = line;
  }
  return lines.length === 0 ? '' : `${lines.join(eol)}${eol}`;
}

/** The lines of the `[hooks.state."<key>"]` table: its header, up to the next header (exclusive). */
function tableOf(lines: readonly string[], key: string): { start: number; end: number } | undefined {
  const start = lines.findIndex((line) => headerKey(line) === key);
  if (start === -1) return undefined;
  const next = lines.findIndex((line, index) => index > start && ANY_HEADER.test(line));
  let end = next === -1 ? lines.length : next;
  // Blank lines before the next table separate the tables; they are not this one's.
  while (end > start + 1 && lines[end - 1]?.trim() === '') end--;
  return { start, end };
}

function headerKey(line: string): string | undefined {
  const quoted = STATE_HEADER.exec(line)?.[1];
  if (quoted === undefined) return undefined;
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

function refuseOtherSpellings(configFile: string, lines: readonly string[], key: string): void {
  const index = lines.findIndex((line) => line.includes(key) && headerKey(line) !== key);
  if (index !== -1) {
    throw new CommandInputError(
      `${configFile}:${index + 1}: names the hook ${key} other than as a [hooks.state."…"] table; remove that entry, or record the trust there by hand`,
    );
  }
}
