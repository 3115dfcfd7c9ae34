/** `text` as a RegExp source that matches exactly it: every character with a meaning in a RegExp escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
