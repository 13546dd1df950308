// Normalized Damerau-Levenshtein similarity (optimal string alignment: insertions, deletions,
// substitutions and adjacent transpositions) on text folded as search folds it: case, diacritics,
// punctuation and spacing do not count; digits do.
import { foldForSearch } from '../../src/shared/search-keys.js';

/** The form two source texts are compared in; equal forms make an exact match. */
export const normalizeForMemory = (text: string) => foldForSearch(text);

/** Edit distance with adjacent transpositions (OSA), on UTF-16 code units of folded text. */
export function damerauLevenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const width = b.length + 1;
  let beforePrevious = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = best;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length]!;
}

/** 0-100: 100 for equal folded texts, 0 when nothing is shared. Rounded down, so only equal is 100. */
export function similarityScore(a: string, b: string): number {
  const x = normalizeForMemory(a);
  const y = normalizeForMemory(b);
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  return Math.floor((100 * (longest - damerauLevenshtein(x, y))) / longest);
}
