/*
 * Text from a settings file shown on a terminal. What the user reviews must be what runs, so every character
 * that is not printable ASCII is shown by name: a raw line feed starts a new line (a table cut the cell
 * there), a carriage return or an escape sequence overwrites or recolours what is shown, bidirectional
 * controls reorder it, and a long list of code points print as nothing at all (variation selectors, U+034F,
 * the Hangul fillers, U+17B4, U+2800, tag characters, zero-width characters...), so that `./guard<U+FE0F>.sh`
 * would look like `./guard.sh`. Runs of spaces that could push text off screen or hide at a cell's edge are
 * shown as a count. The encoding is injective: `decodeVisibleText(visibleText(s)) === s` for every string,
 * lone surrogates included (docs/trust.md, "What the review shows"; test/trust/review-rendering.test.ts).
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

/** Everything but printable ASCII (U+0020 to U+007E), by code point (the `u` flag: lone surrogates too). */
const NOT_PRINTABLE_ASCII = /[^\u0020-\u007e]/u;

/** A run of spaces shown as a count: two or more, or one at either end of the text. */
const SHOWN_SPACES = / {2,}|^ | $/;

/**
 * The names a shown character takes, as one pattern: `<ESC>` and the other C0 names, `<DEL>`, `<U+FE0F>`
 * (four to six upper-case hex digits), `<3 SPACES>`, `<1 SPACE>`. A `<` in the text that would read as one
 * of them is itself shown as `<U+003C>`, so that a name always stands for the character it names.
 */
const NAME = `(?:${C0_NAMES.join('|')}|DEL|U\\+[0-9A-F]{4,6}|[0-9]{1,9} SPACES?)`;
const NAME_AT_START = new RegExp(`^<${NAME}>`);
const NAME_ANYWHERE = new RegExp(`<(${NAME})>`, 'g');
/** The longest name, `<999999999 SPACES>`, in characters: how far a `<` must look ahead. */
const LONGEST_NAME = 18;

/** The name a character that is not printable ASCII is shown by: `<LF>`, `<ESC>`, `<DEL>`, else `<U+FE0F>`. */
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

function spacesName(count: number): string {
  return `<${count} ${count === 1 ? 'SPACE' : 'SPACES'}>`;
}

/**
 * `text` as printable ASCII: every other character by its name (`hiddenCharacterName`), runs of spaces that
 * could hide (two or more, or one at an end) as `<N SPACES>`, and a `<` that would read as a name as
 * `<U+003C>`. The names used are added to `found`, so that the caller can say which were there.
 */
export function visibleText(text: string, found?: Set<string>): string {
  if (!NOT_PRINTABLE_ASCII.test(text) && !text.includes('<') && !SHOWN_SPACES.test(text)) return text;
  let shown = '';
  const characters = [...text];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] as string;
    let name: string | undefined;
    if (character === ' ') {
      let end = index;
      while (characters[end + 1] === ' ') end++;
      const count = end - index + 1;
      if (count > 1 || index === 0 || end === characters.length - 1) {
        name = spacesName(count);
        index = end;
      }
    } else if (character === '<') {
      if (NAME_AT_START.test(characters.slice(index, index + LONGEST_NAME).join(''))) name = '<U+003C>';
    } else if (NOT_PRINTABLE_ASCII.test(character)) {
      name = hiddenCharacterName(character);
    }
    if (name === undefined) {
      shown += character;
      continue;
    }
    found?.add(name.replace(/^<[0-9]+ SPACES?>$/, '<N SPACES>'));
    shown += name;
  }
  return shown;
}

/** The text `visibleText` was given, from what it showed: the inverse that makes the review faithful. */
export function decodeVisibleText(shown: string): string {
  return shown.replace(NAME_ANYWHERE, (_, name: string) => {
    const c0 = C0_NAMES.indexOf(name);
    if (c0 >= 0) return String.fromCharCode(c0);
    if (name === 'DEL') return '\u007f';
    if (name.startsWith('U+')) {
      const code = Number.parseInt(name.slice(2), 16);
      // Never written for a code point past Unicode's last; read back as the text it is.
      return code > 0x10ffff ? `<${name}>` : String.fromCodePoint(code);
    }
    return ' '.repeat(Number.parseInt(name, 10));
  });
}
