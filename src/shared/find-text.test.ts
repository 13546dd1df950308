// The reader's find: folding, the cheap pre-test and what the database may narrow. The server
// test (tests/server/find-in-document.test.ts) counts hits in a whole act against the database.
import { describe, expect, it } from 'vitest';
import { asciiFoldTable, canNarrowInDatabase, findHits, foldQuery } from './find-text';

/** What the database does with the fold table: translate, then lower case. */
function databaseFold(text: string): string {
  const { from, to } = asciiFoldTable();
  const map = new Map([...from].map((char, i) => [char, [...to][i]!]));
  return [...text]
    .map((char) => map.get(char) ?? char)
    .join('')
    .toLowerCase();
}

describe('find text', () => {
  it('finds across case, accents and a no-break space, and maps hits back to the text', () => {
    const text = 'Podle Čl.\u00a054 odst.\u00a02 ÚSTAVY a čl. 54';
    const hits = findHits(text, 'cl. 54');
    expect(hits).toHaveLength(2);
    expect(text.slice(hits[0]!.start, hits[0]!.end)).toBe('Čl.\u00a054');
    expect(findHits(text, 'ústavy').map((hit) => text.slice(hit.start, hit.end))).toEqual(['ÚSTAVY']);
  });

  it('never misses a Greek word ending in a capital sigma (the whole-text fold writes ς)', () => {
    expect(findHits('ΟΙ ΝΟΜΟΣ ΚΑΙ', 'νομοσ')).toHaveLength(1);
    expect(findHits('ο νόμος και', 'νομος')).toHaveLength(1);
    expect(findHits('ο νόμος και', 'νομοσ')).toHaveLength(0);
  });

  it('lets the database narrow ASCII and caseless symbols, not letters with case outside ASCII', () => {
    expect(canNarrowInDatabase(foldQuery('§ 5'))).toBe(true);
    expect(canNarrowInDatabase(foldQuery('Čl. 54 – „prezident“'))).toBe(true);
    expect(canNarrowInDatabase(foldQuery('νόμος'))).toBe(false);
    expect(canNarrowInDatabase(foldQuery('straße'))).toBe(false);
  });

  it('the database fold keeps every hit a narrowed query has (no-break spaces included)', () => {
    const texts = ['Podle §\u00a05 odst.\u202f1', 'ČL. 54\tPrezident', 'Žádný paragraf'];
    for (const query of ['§ 5', 'odst. 1', 'cl. 54 prezident', 'zadny']) {
      const needle = foldQuery(query);
      expect(canNarrowInDatabase(needle)).toBe(true);
      for (const text of texts) {
        if (findHits(text, query).length > 0) expect(databaseFold(text).includes(needle)).toBe(true);
      }
    }
  });
});
