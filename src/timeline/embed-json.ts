/**
 * `value` as JSON that can sit inside a `<script type="application/json">` element whatever its strings
 * hold: `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026` (so no `</script` or `<!--` can end or change
 * the element), and U+2028/U+2029 are escaped too. `JSON.parse` of the element's text gives `value` back.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
