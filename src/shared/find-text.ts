// Finding a query in a text the way a reader expects: case and accents do not matter
// ('prezident' finds 'Prezident' and 'PREZIDENTA', 'usneseni' finds 'usnesení'), and every hit
// maps back to its place in the original text (for snippets and highlights). Shared by the
// server's find in the document and the reader's highlight, so both count the same hits.

/** One character folded: accents stripped, lower case, any white space a plain space. */
function foldCharUncached(char: string): string {
  if (/\s/u.test(char)) return ' ';
  return char
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

// A text has few distinct characters: folding each once (instead of a normalize and two regular
// expressions per character) makes finding in a whole act ~20x cheaper. Bounded all the same.
const FOLDED_CHARS = new Map<string, string>();
const FOLDED_CHARS_MAX = 20_000;

function foldChar(char: string): string {
  let folded = FOLDED_CHARS.get(char);
  if (folded === undefined) {
    folded = foldCharUncached(char);
    if (FOLDED_CHARS.size < FOLDED_CHARS_MAX) FOLDED_CHARS.set(char, folded);
  }
  return folded;
}

export interface FoldedText {
  folded: string;
  /** For each index of `folded`, the index in the original text it came from. */
  origin: number[];
}

export function foldWithOrigin(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldChar(char);
    for (let i = 0; i < part.length; i++) origin.push(index);
    folded += part;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

export const foldQuery = (query: string) => foldWithOrigin(query).folded;

/** A hit: [start, end) in the original text. */
export interface TextHit {
  start: number;
  end: number;
}

/**
 * A cheap test that lets most texts without a hit skip the exact folding: the whole text folded
 * at once by the engine. It may say yes where there is no hit, never no where there is one: it
 * differs from the character-wise folding only in the final sigma (ς for Σ at a word's end),
 * which both sides read as σ here.
 */
function mayContain(text: string, needle: string): boolean {
  const folded = text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s/gu, ' ');
  return folded.replaceAll('ς', 'σ').includes(needle.replaceAll('ς', 'σ'));
}

/** Every non-overlapping hit of `query` in `text`, in order. */
export function findHits(text: string, query: string): TextHit[] {
  const needle = foldQuery(query);
  if (needle === '' || !mayContain(text, needle)) return [];
  const { folded, origin } = foldWithOrigin(text);
  const hits: TextHit[] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    hits.push({ start: origin[at]!, end: origin[at + needle.length]! });
  }
  return hits;
}

/** White space the reader's folding turns into a plain space (what `\s` matches besides ASCII). */
const WHITE_SPACE =
  '\t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * Letters that fold to a plain ASCII letter, upper and lower case (Latin with diacritics), and
 * white space (to a space): the database can narrow a search with `lower(translate(text, from,
 * to))` for a query that `canNarrowInDatabase`, before the exact count here.
 */
export function asciiFoldTable(): { from: string; to: string } {
  let from = WHITE_SPACE;
  let to = ' '.repeat(WHITE_SPACE.length);
  const ranges: [number, number][] = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const char = String.fromCodePoint(code);
      const folded = foldChar(char);
      if (/^[a-z]$/.test(folded)) {
        from += char;
        to += folded;
      }
    }
  }
  return { from, to };
}

/**
 * Whether the database may narrow the search for a folded query: each character is printable
 * ASCII, or a symbol without case that folding leaves alone (§, –, „): only that same character
 * of a text folds to it, so `strpos` over the translated text misses no hit.
 */
export const canNarrowInDatabase = (folded: string) =>
  [...folded].every(
    (char) =>
      /^[\x20-\x7e]$/.test(char) ||
      (!/\s/u.test(char) &&
        char.toLowerCase() === char.toUpperCase() &&
        char.normalize('NFD') === char &&
        !/\p{Mn}/u.test(char)),
  );
