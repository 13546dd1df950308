// Finding a query in a text the way a reader expects: case and accents do not matter
// ('prezident' finds 'Prezident' and 'PREZIDENTA', 'usneseni' finds 'usnesení'), and every hit
// maps back to its place in the original text (for snippets and highlights). Shared by the
// server's find in the document and the reader's highlight, so both count the same hits.

/** One character folded: accents stripped, lower case, any white space a plain space. */
function foldChar(char: string): string {
  if (/\s/u.test(char)) return ' ';
  return char
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
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

/** Every non-overlapping hit of `query` in `text`, in order. */
export function findHits(text: string, query: string): TextHit[] {
  const needle = foldQuery(query);
  if (needle === '') return [];
  const { folded, origin } = foldWithOrigin(text);
  const hits: TextHit[] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    hits.push({ start: origin[at]!, end: origin[at + needle.length]! });
  }
  return hits;
}

/**
 * Letters that fold to a plain ASCII letter, upper and lower case (Latin with diacritics): the
 * database can narrow a search with `lower(translate(text, from, to))` for a query that folds to
 * ASCII, before the exact count here.
 */
export function asciiFoldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
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

/** Whether a folded query is plain ASCII (then the database may narrow the search). */
export const isAsciiQuery = (folded: string) => /^[\x20-\x7e]*$/.test(folded);
