// The language search filter and the flags.
import { describe, expect, it } from 'vitest';
import { filterLanguages, flagOf } from './languages';

const LANGUAGES = [
  { code: 'en', name: 'English', native_name: 'English' },
  { code: 'cs', name: 'Czech', native_name: 'Čeština' },
  { code: 'de', name: 'German', native_name: 'Deutsch' },
];
const codes = (query: string) => filterLanguages(LANGUAGES, query).map((language) => language.code);

describe('filterLanguages', () => {
  it('finds a language by its native name, with or without accents', () => {
    expect(codes('češ')).toEqual(['cs']);
    expect(codes('cestina')).toEqual(['cs']);
    expect(codes('DEUTSCH')).toEqual(['de']);
  });

  it('finds a language by its English name and by its code', () => {
    expect(codes('cz')).toEqual(['cs']);
    expect(codes('Czech')).toEqual(['cs']);
    expect(codes('EN')).toEqual(['en']);
  });

  it('lists everything for an empty query and nothing for a foreign one', () => {
    expect(codes('  ')).toEqual(['en', 'cs', 'de']);
    expect(codes('klingon')).toEqual([]);
  });
});

describe('flagOf', () => {
  it('draws the country flag of a language', () => {
    expect(flagOf('cs')).toBe('🇨🇿');
    expect(flagOf('en')).toBe('🇬🇧');
    expect(flagOf('xx')).toBe('🌐');
  });
});
