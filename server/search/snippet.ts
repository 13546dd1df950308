// Snippets: the plain text around the first matched words, with the matched words as ranges (never
// markup, so nothing typed can become HTML). A word matches a term when its folded form starts with
// the term's stem (or is the exact number); phrases mark each of their words.
import { foldWithOrigin } from '../../src/shared/find-text.js';
import type { Highlight, Snippet } from '../../src/api/contract/search.js';
import type { QueryTerm } from './parse-query.js';
import { wordStem } from './word-stem.js';

/** Characters of text shown around the first hit. */
const BEFORE = 60;
const LENGTH = 220;

const WORD = /[\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*/gu;

/** What a folded word of the text must start with (or be) to be highlighted. */
function matchers(terms: QueryTerm[]): ((word: string) => boolean)[] {
  return terms.flatMap((term) => {
    if (term.kind === 'phrase') return term.words.map((word) => (candidate: string) => candidate === word);
    if (term.exact) return [(candidate: string) => candidate === term.folded];
    // Other languages' stems (snowball) may be shorter than the Czech rule's: the word's own stem too.
    const prefixes = [...new Set([term.stem, wordStem(term.folded).slice(0, Math.max(4, term.stem.length - 2))])];
    return [(candidate: string) => prefixes.some((prefix) => candidate.startsWith(prefix))];
  });
}

/** The ranges of `text` whose words match a term, in order. */
export function matchRanges(text: string, terms: QueryTerm[]): Highlight[] {
  const tests = matchers(terms);
  if (tests.length === 0) return [];
  const { folded, origin } = foldWithOrigin(text);
  const ranges: Highlight[] = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (tests.some((test) => test(word))) {
      ranges.push({ start: origin[match.index]!, end: origin[match.index + word.length]! });
    }
  }
  return ranges;
}

/** Up to LENGTH characters around the first matched word, cut at spaces, with its highlights. */
export function snippetOf(text: string, terms: QueryTerm[]): Snippet {
  const ranges = matchRanges(text, terms);
  const first = ranges[0]?.start ?? 0;
  let from = Math.max(0, first - BEFORE);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space !== -1 && space < first ? space + 1 : from;
  }
  let to = Math.min(text.length, from + LENGTH);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + LENGTH / 2) to = space;
  }
  const lead = from > 0 ? '…' : '';
  const body = text.slice(from, to);
  const shift = lead.length - from;
  const highlights = ranges
    .filter((range) => range.start >= from && range.end <= to)
    .map((range) => ({ start: range.start + shift, end: range.end + shift }));
  return { text: `${lead}${body}${to < text.length ? '…' : ''}`, highlights };
}
