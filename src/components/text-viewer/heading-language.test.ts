// Headings follow the reading language: an EU act's 'Article 1' read in Czech is 'Článek 1'.
import { describe, expect, it } from 'vitest';
import { labelInLanguage } from './heading-language';

describe('labelInLanguage', () => {
  it('heads an EU act read in Czech as its Czech text does', () => {
    expect(labelInLanguage('Article 1', 'cs')).toBe('Článek 1');
    expect(labelInLanguage('Article 10a', 'cs')).toBe('Článek 10a');
    expect(labelInLanguage('Annex', 'cs')).toBe('Příloha');
    expect(labelInLanguage('Annex II', 'cs')).toBe('Příloha II');
    expect(labelInLanguage('Preamble', 'cs')).toBe('Preambule');
    expect(labelInLanguage('Recitals', 'cs')).toBe('Odůvodnění');
    expect(labelInLanguage('Chapter III', 'cs')).toBe('Kapitola III');
  });

  it('heads a Czech act read in English with the English words', () => {
    expect(labelInLanguage('Čl. 54', 'en')).toBe('Article 54');
    expect(labelInLanguage('§ 2', 'en')).toBe('Section 2');
    expect(labelInLanguage('Příloha 1', 'en')).toBe('Annex 1');
  });

  it('keeps a label already in the language, and one it has no rule for', () => {
    expect(labelInLanguage('Čl. 54', 'cs')).toBe('Čl. 54');
    expect(labelInLanguage('Article 1', 'en')).toBe('Article 1');
    expect(labelInLanguage('Article 1', 'de')).toBe('Article 1');
    expect(labelInLanguage('HLAVA PRVNÍ', 'en')).toBe('HLAVA PRVNÍ');
    expect(labelInLanguage('Article 1', undefined)).toBe('Article 1');
  });
});
