/** Tool results go back into the model's context: each is capped so one big file cannot crowd it out. */
export const TOOL_RESULT_MAX_CHARS = 50_000;

/** Cuts text to `maxChars`, saying how much was left out. */
export function boundText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… [${text.length - maxChars} more characters not shown]`;
}

/** `cat -n` style lines, numbered from `firstLine` (1-based), each cut to `maxLineChars`. */
export function numberLines(lines: readonly string[], firstLine: number, maxLineChars = 2000): string {
  return lines
    .map((line, index) => {
      const shown = line.length > maxLineChars ? `${line.slice(0, maxLineChars)}…` : line;
      return `${String(firstLine + index).padStart(6)}\t${shown}`;
    })
    .join('\n');
}

/** True when the bytes look binary (a NUL in the first 8 KiB), as git and grep decide. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}
