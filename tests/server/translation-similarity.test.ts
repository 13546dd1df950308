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

describe('damerauLevenshtein with a bound', () => {
  it('is exact up to the bound and says bound + 1 beyond it, on random texts', () => {
    // A fixed-seed generator: the same texts every run.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (length: number) => Array.from({ length }, () => 'abcde '[Math.floor(random() * 6)]).join('');
    for (let round = 0; round < 2000; round++) {
      const a = text(Math.floor(random() * 30));
      // b: a with a few random edits, or an unrelated text.
      let b = random() < 0.3 ? text(Math.floor(random() * 30)) : a;
      for (let edits = Math.floor(random() * 6); edits > 0; edits--) {
        const at = Math.floor(random() * (b.length + 1));
        const kind = Math.floor(random() * 4);
        if (kind === 0) b = b.slice(0, at) + 'x' + b.slice(at);
        else if (kind === 1) b = b.slice(0, at) + b.slice(at + 1);
        else if (kind === 2) b = b.slice(0, at) + 'y' + b.slice(at + 1);
        else b = b.slice(0, at) + b.slice(at + 1, at + 2) + b.slice(at, at + 1) + b.slice(at + 2);
      }
      const exact = damerauLevenshtein(a, b);
      const max = Math.floor(random() * 8);
      const bounded = damerauLevenshtein(a, b, max);
      expect(bounded, `${JSON.stringify(a)} ${JSON.stringify(b)} max ${max}`).toBe(exact <= max ? exact : max + 1);
    }
  });

  it('similarityScore with a floor keeps every score at or above it and stays below it otherwise', () => {
    const source = 'Prezident republiky je volen v přímé volbě na dobu pěti let.';
    const candidates = [
      source,
      'Prezident republiky je volen v nepřímé volbě na dobu pěti let.',
      'Prezident republiky je volen na dobu pěti let.',
      'Vláda je vrcholným orgánem výkonné moci.',
    ];
    for (const candidate of candidates) {
      const full = similarityScore(source, candidate);
      for (const floor of [50, 75, 90, 99]) {
        const quick = similarityScore(source, candidate, floor);
        if (full >= floor) expect(quick).toBe(full);
        else expect(quick).toBeLessThan(floor);
      }
    }
  });
});
