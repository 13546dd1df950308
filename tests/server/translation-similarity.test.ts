// The memory's rerank: Damerau-Levenshtein distance (with adjacent transpositions) and the 0-100
// similarity on folded text.
import { describe, expect, it } from 'vitest';
import { damerauLevenshtein, similarityScore } from '../../server/translation/similarity.js';

describe('damerauLevenshtein', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 1],
    ['ca', 'abc', 3],
    ['ustava', 'ústava'.normalize('NFD').replace(/\p{Mn}/gu, ''), 0],
    ['zakon', 'zakno', 1],
  ])('%j -> %j is %i', (a, b, distance) => {
    expect(damerauLevenshtein(a, b)).toBe(distance);
    expect(damerauLevenshtein(b, a)).toBe(distance);
  });
});

describe('similarityScore', () => {
  it('is 100 for texts equal but for case, diacritics, punctuation and spacing', () => {
    expect(similarityScore('Ústava České republiky.', 'ustava  ceske REPUBLIKY')).toBe(100);
  });

  it('counts digits', () => {
    expect(similarityScore('Lhůta 30 dnů', 'Lhůta 31 dnů')).toBeLessThan(100);
  });

  it('drops with each changed word and is 0 for nothing in common', () => {
    const base = 'The Committee shall adopt its rules of procedure.';
    const oneWord = similarityScore(base, 'The Committee shall adopt its rules of conduct.');
    expect(oneWord).toBeGreaterThan(75);
    expect(oneWord).toBeLessThan(100);
    expect(similarityScore('abc', 'xyz')).toBe(0);
    expect(similarityScore('', '')).toBe(100);
  });

  it('is never 100 for different folded texts, however long', () => {
    const long = 'a'.repeat(500);
    expect(similarityScore(long, `${long}b`)).toBe(99);
  });
});
