// A typed query read as search terms: "quoted phrases" (words in that order, exact), and words
// (each by the start its forms share: word-stem.ts), case and accents folded. Whatever is typed,
// the terms hold only letters, digits and '/', so they go into to_tsquery safely; a query with no
// word left (quotes alone, punctuation) has no terms and finds nothing.
import { foldForSearch } from '../../src/shared/search-keys.js';
import { STOP_WORDS } from './stop-words.js';
import { wordStem } from './word-stem.js';

export type QueryTerm =
  { kind: 'word'; folded: string; stem: string; exact: boolean } | { kind: 'phrase'; words: string[] };

export interface ParsedQuery {
  terms: QueryTerm[];
  /** The folded words and phrases, for highlighting and for the answer's `words`. */
  display: string[];
  /** Law numbers that may stand for a word of the query ('GDPR' -> '2016/679'): any of them matches. */
  alternatives?: string[];
}

/** More terms than this are ignored (a pasted paragraph is not a query). */
export const MAX_TERMS = 12;
/** No word of the language is longer; a longer run of letters is cut. */
const MAX_WORD = 60;

const QUOTED = /["„“”]([^"„“”]*)["„“”]?/gu;

/** The words of a folded text: letters and digits, with the '/' of law numbers kept inside. */
export function foldedWords(text: string): string[] {
  return foldForSearch(text)
    .split(' ')
    .map((word) => word.replace(/^\/+|\/+$/g, '').slice(0, MAX_WORD))
    .filter((word) => word !== '');
}

const wordTerm = (folded: string): QueryTerm => {
  // Numbers and law numbers match whole ('54' is not '540'); words by their stem.
  const exact = /[0-9]/.test(folded);
  return { kind: 'word', folded, stem: exact ? folded : wordStem(folded), exact };
};

export function parseQuery(query: string): ParsedQuery {
  const terms: QueryTerm[] = [];
  const rest = query.replace(QUOTED, (_match, inside: string) => {
    const words = foldedWords(inside);
    if (words.length === 1) terms.push(wordTerm(words[0]!));
    else if (words.length > 1) terms.push({ kind: 'phrase', words: words.slice(0, MAX_TERMS) });
    return ' ';
  });
  const words = foldedWords(rest);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  // A query of stop words only ('the who') searches them as they are.
  for (const word of meaningful.length > 0 ? meaningful : words) terms.push(wordTerm(word));
  const unique = new Map<string, QueryTerm>();
  for (const term of terms) unique.set(term.kind === 'word' ? term.stem : term.words.join(' '), term);
  const kept = [...unique.values()].slice(0, MAX_TERMS);
  return { terms: kept, display: kept.map((term) => (term.kind === 'word' ? term.folded : term.words.join(' '))) };
}

const lexeme = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * The to_tsquery text of the terms. 'simple' (Czech and languages without a stemmer here): words
 * by their stem as a prefix. 'snowball' (German, English, Italian): the folded word as a prefix,
 * which the configuration stems itself. `join` AND (every term) or OR (any, ranked).
 */
export function tsqueryText(terms: QueryTerm[], mode: 'simple' | 'snowball', join: '&' | '|' = '&'): string {
  return terms
    .map((term) => {
      if (term.kind === 'phrase') return `(${term.words.map(lexeme).join(' <-> ')})`;
      if (term.exact) return lexeme(term.folded);
      return `${lexeme(mode === 'simple' ? term.stem : term.folded)}:*`;
    })
    .join(` ${join} `);
}
