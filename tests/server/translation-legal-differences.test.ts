// The legal-safe score's differences: numbers, dates, negations, modals and cite keys that differ
// between the text being translated and a memory candidate's source, in Czech and English; what
// must not count (position, case, diacritics).
import { describe, expect, it } from 'vitest';
import {
  legalDifferences,
  legalPenalty,
  legalProfile,
  legalTokens,
} from '../../server/translation/legal-differences.js';

const pairs = (query: string, candidate: string) =>
  legalDifferences(query, candidate).map((d) => [d.kind, d.expected, d.found]);

describe('legalDifferences', () => {
  it('finds a changed number and where it is in the candidate', () => {
    const candidate = 'Tato dohoda vstupuje v platnost po 30 dnech.';
    const [difference, ...rest] = legalDifferences('Tato dohoda vstupuje v platnost po 60 dnech.', candidate);
    expect(rest).toEqual([]);
    expect(difference).toEqual({ kind: 'number', expected: '60', found: '30', start: 35, end: 37 });
    expect(candidate.slice(difference!.start!, difference!.end!)).toBe('30');
  });

  it('reads Czech and English dates as one token each', () => {
    expect(pairs('Zákon nabývá účinnosti dnem 1. ledna 1993.', 'Zákon nabývá účinnosti dnem 1. 1. 1993.')).toEqual([]);
    expect(
      pairs('This Decision shall apply from 1 March 2019.', 'This Decision shall apply from 1 April 2019.'),
    ).toEqual([['date', '1 March 2019', '1 April 2019']]);
    expect(pairs('ze dne 15. 3. 2019', 'ze dne 16. 3. 2019')).toEqual([['date', '15. 3. 2019', '16. 3. 2019']]);
  });

  it('finds an added English negation', () => {
    expect(pairs('The Committee shall adopt its decisions.', 'The Committee shall not adopt its decisions.')).toEqual([
      ['negation', null, 'not'],
    ]);
    expect(pairs('It applies.', 'It never applies.')).toEqual([['negation', null, 'never']]);
    expect(pairs('There is no obligation.', 'There is an obligation.')).toEqual([['negation', 'no', null]]);
  });

  it('does not take "No 1/2019" for a negation', () => {
    expect(pairs('Decision No 1/2019 of the Committee', 'Decision No 1/2019 of the Committee')).toEqual([]);
    expect(pairs('Decision No 1/2019', 'Decision No 2/2019')).toEqual([['number', '1', '2']]);
  });

  it('finds Czech negations: ne- verbs and nikoli', () => {
    // One change, the negation: the modal itself is still there.
    expect(pairs('Poslanec musí složit slib.', 'Poslanec nemusí složit slib.')).toEqual([['negation', null, 'nemusí']]);
    expect(pairs('Poslanec nemůže hlasovat.', 'Poslanec může hlasovat.')).toEqual([['negation', 'nemůže', null]]);
    expect(pairs('Odvolání lze podat.', 'Odvolání nelze podat.')).toEqual([['negation', null, 'nelze']]);
    expect(pairs('Poslanec nemusí hlasovat.', 'Poslanec nemůže hlasovat.')).toEqual([['modal', 'nemusí', 'nemůže']]);
    expect(pairs('Zákon se vztahuje na obce.', 'Zákon se nevztahuje na obce.')).toEqual([
      ['negation', null, 'nevztahuje'],
    ]);
    expect(pairs('Rozhoduje vláda, nikoli prezident.', 'Rozhoduje vláda a prezident.')).toEqual([
      ['negation', 'nikoli', null],
    ]);
  });

  it('finds changed modals', () => {
    expect(pairs('Member States shall notify the Commission.', 'Member States may notify the Commission.')).toEqual([
      ['modal', 'shall', 'may'],
    ]);
    expect(pairs('Vláda může vydat nařízení.', 'Vláda musí vydat nařízení.')).toEqual([['modal', 'může', 'musí']]);
  });

  it('finds changed cite keys without counting their digits as numbers', () => {
    expect(pairs('podle čl. 54 odst. 2', 'podle čl. 55 odst. 2')).toEqual([['cite_key', 'čl. 54', 'čl. 55']]);
    expect(pairs('podle § 10a', 'podle § 10')).toEqual([['cite_key', '§ 10a', '§ 10']]);
    expect(pairs('as referred to in Article 5', 'as referred to in Article 6')).toEqual([
      ['cite_key', 'Article 5', 'Article 6'],
    ]);
    expect(pairs('podle odst. 2', 'podle odst. 3')).toEqual([['cite_key', 'odst. 2', 'odst. 3']]);
  });

  it('does not count position, case or diacritics', () => {
    expect(pairs('Lhůta 30 dnů a 10 dnů.', 'Lhůta 10 dnů a 30 dnů.')).toEqual([]);
    expect(pairs('PODLE ČL. 54 ODST. 2 VLÁDA MŮŽE', 'podle cl. 54 odst. 2 vlada muze')).toEqual([]);
    expect(pairs('podle článku 54', 'podle čl. 54')).toEqual([]);
    expect(pairs('The Member States SHALL NOT', 'the member states shall not')).toEqual([]);
    // Words that only start with 'ne' are not negations.
    expect(pairs('nebo nejvyšší soud', 'nebo nejvyšší soud a')).toEqual([]);
  });

  it('costs 10 points per difference', () => {
    const differences = legalDifferences('čl. 54: 30 dnů, musí', 'čl. 55: 31 dnů, může');
    expect(differences.map((d) => d.kind)).toEqual(['number', 'modal', 'cite_key']);
    expect(legalPenalty(differences)).toBe(30);
  });

  it('answers the same for a query given as its profile (the memory compares one text with many)', () => {
    const query = 'Ministerstvo NEMŮŽE do 30. června 2019 podle čl. 54 odst. 2 změnit 1,5 % — nikoli ﬁnále Ÿ İ.';
    const profile = legalProfile(query);
    for (const candidate of [
      'Ministerstvo může do 30. června 2019 podle čl. 55 odst. 2 změnit 1,5 % — finále.',
      'MINISTERSTVO nemůže do 1. 7. 2019 podle cl. 54 odst. 3 zmenit 2 %.',
      query,
    ])
      expect(legalDifferences(profile, candidate)).toEqual(legalDifferences(query, candidate));
    // Offsets still point into the original text after folding letters of every kind.
    const numbers = legalTokens(query).filter((t) => t.kind === 'number');
    expect(numbers.map((t) => query.slice(t.start, t.end))).toEqual(['1,5']);
    expect(legalTokens('Ÿİ ČL. 7').map((t) => [t.kind, t.key, t.text])).toEqual([['cite_key', 'article 7', 'ČL. 7']]);
  });

  it('lists the tokens of a text', () => {
    expect(legalTokens('Podle čl. 5 dne 1. 1. 1993 nelze 3 dny.').map((t) => [t.kind, t.key])).toEqual([
      ['date', '1993-01-01'],
      ['cite_key', 'article 5'],
      ['number', '3'],
      ['modal', 'lze'],
    ]);
  });
});
