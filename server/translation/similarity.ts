// Normalized Damerau-Levenshtein similarity (optimal string alignment: insertions, deletions,
// substitutions and adjacent transpositions) on text folded as search folds it: case, diacritics,
// punctuation and spacing do not count; digits do.
import { foldForSearch } from '../../src/shared/search-keys.js';

/** The form two source texts are compared in; equal forms make an exact match. */
export const normalizeForMemory = (text: string) => foldForSearch(text);

/**
 * Edit distance with adjacent transpositions (OSA), on UTF-16 code units of folded text. With
 * `max`, only the diagonal band |i - j| <= max is computed (Ukkonen's cut-off) and the walk stops
 * as soon as two rows exceed it: the answer is exact up to `max` and `max + 1` beyond, which is
 * all the memory's rerank needs (a candidate below the minimum score is dropped anyway).
 */
export function damerauLevenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const bounded = Number.isFinite(max);
  const over = bounded ? Math.max(0, Math.floor(max)) + 1 : a.length + b.length + 1;
  if (bounded && Math.abs(a.length - b.length) >= over) return over;
  if (a.length === 0) return Math.min(b.length, over);
  if (b.length === 0) return Math.min(a.length, over);
  const band = bounded ? over - 1 : Math.max(a.length, b.length);
  const width = b.length + 1;
  let beforePrevious = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j <= band ? j : over;
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(b.length, i + band);
    // The cells just outside the band read as "too far" (they may hold an older row's values).
    current[from - 1] = from === 1 ? i : over;
    const ai = a.charCodeAt(i - 1);
    let rowMin = current[from - 1]!;
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = Math.min(best, over);
      if (current[j]! < rowMin) rowMin = current[j]!;
    }
    if (to < b.length) current[to + 1] = over;
    // A transposition reaches back two rows: only when both are past the bound is the rest too.
    if (bounded && rowMin >= over && previousMin >= over) return over;
    previousMin = rowMin;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length]!, over);
}

/**
 * 0-100: 100 for equal folded texts, 0 when nothing is shared. Rounded down, so only equal is
 * 100. With `floor`, a text scoring below it answers some score below it, computed faster.
 */
export function similarityScore(a: string, b: string, floor = 0): number {
  return normalizedSimilarity(normalizeForMemory(a), normalizeForMemory(b), floor);
}

/** similarityScore of two texts already in their normalizeForMemory form. */
export function normalizedSimilarity(x: string, y: string, floor = 0): number {
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 100;
  // score >= floor  <=>  distance <= longest * (100 - floor) / 100
  const max = floor > 0 ? Math.floor((longest * (100 - floor)) / 100) : Number.POSITIVE_INFINITY;
  const distance = damerauLevenshtein(x, y, max);
  if (distance > max) return Math.min(floor - 1, Math.floor((100 * (longest - distance)) / longest));
  return Math.floor((100 * (longest - distance)) / longest);
}
