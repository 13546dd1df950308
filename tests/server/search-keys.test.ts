import { describe, expect, it } from 'vitest';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import { searchWordsOf } from '../../server/importers/store-version.js';

describe('search keys', () => {
  it('fold case, diacritics, punctuation and spacing', () => {
    expect(foldForSearch('Ústava  České republiky')).toBe('ustava ceske republiky');
    expect(foldForSearch('Zákon, kterým se mění zákon č. 1/1993 Sb.')).toBe('zakon kterym se meni zakon c 1/1993 sb');
    expect(foldForSearch('  „Listina“ ')).toBe('listina');
  });
  it('make law numbers comparable however they are typed', () => {
    expect(externalKeyOf('1/1993 Sb.')).toBe('1/1993sb');
    expect(externalKeyOf(' 1/1993 ')).toBe('1/1993');
    expect(externalKeyOf('1/1993 Sb.').startsWith(externalKeyOf('1/1993'))).toBe(true);
  });
  it('collect the vocabulary words of a title: letters only, three or more', () => {
    expect(searchWordsOf('ustava ceske republiky 1/1993 sb')).toEqual(['ustava', 'ceske', 'republiky']);
    expect(searchWordsOf('o a ze ze')).toEqual([]);
  });
});
