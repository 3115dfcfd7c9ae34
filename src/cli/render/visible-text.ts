/*
 * Text from a settings file shown on a terminal: a raw line feed would start a new line (a table cuts the cell
 * there, hiding the rest), a carriage return or an escape sequence would overwrite or recolour what is shown,
 * and bidirectional or zero-width characters reorder or hide it. Every such character is shown by name
 * instead, so that what is reviewed is what runs (docs/trust.md, "What the review shows").
 */

const C0_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'TAB',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];

/**
 * Controls (C0, DEL, C1), format characters (bidirectional overrides and isolates, zero-width characters, the
 * BOM, tag characters), line and paragraph separators, lone surrogates, private-use characters, and every
 * white space other than the plain space.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}]|[^\S ]/gu;

/** The name a hidden character is shown by: `<LF>`, `<ESC>`, `<DEL>`, else `<U+202E>`. */
export function hiddenCharacterName(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const name =
    code < C0_NAMES.length
      ? C0_NAMES[code]
      : code === 0x7f
        ? 'DEL'
        : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `<${name}>`;
}

/**
 * `text` with every hidden character replaced by its name (`hiddenCharacterName`); the names used are added to
 * `found`, so that the caller can say which were there.
 */
export function visibleText(text: string, found?: Set<string>): string {
  return text.replace(HIDDEN, (character) => {
    const name = hiddenCharacterName(character);
    found?.add(name);
    return name;
  });
}
