// The text cache keeps at most its limit and evicts the oldest written first.
import { describe, expect, it } from 'vitest';
import { createTextCache, etagOf, getText, putTexts, type CachedText } from './fragment-texts-cache';

const entry = (text: string): CachedText => ({ text, hasText: true, etag: null });

describe('fragment text cache', () => {
  it('holds at most 500 texts by default', () => {
    let cache = createTextCache();
    for (let i = 0; i < 600; i += 1) cache = putTexts(cache, [[`f${i}`, entry(`t${i}`)]]);
    expect(cache.entries.size).toBe(500);
    expect(getText(cache, 'f99')).toBeUndefined();
    expect(getText(cache, 'f100')?.text).toBe('t100');
    expect(getText(cache, 'f599')?.text).toBe('t599');
  });

  it('evicts the oldest written first, and a rewrite makes an entry the newest', () => {
    let cache = createTextCache(3);
    cache = putTexts(cache, [
      ['a', entry('A')],
      ['b', entry('B')],
      ['c', entry('C')],
    ]);
    cache = putTexts(cache, [['a', entry('A2')]]);
    cache = putTexts(cache, [['d', entry('D')]]);
    expect([...cache.entries.keys()]).toEqual(['c', 'a', 'd']);
    cache = putTexts(cache, [
      ['e', entry('E')],
      ['f', entry('F')],
    ]);
    expect([...cache.entries.keys()]).toEqual(['d', 'e', 'f']);
  });

  it('never changes the cache it was given', () => {
    const before = createTextCache(2);
    const after = putTexts(before, [['a', entry('A')]]);
    expect(before.entries.size).toBe(0);
    expect(after.entries.size).toBe(1);
  });

  it('quotes the fragment uid as the ETag', () => {
    expect(etagOf('abc')).toBe('"abc"');
  });
});
