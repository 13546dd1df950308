// Identifiers as lawyers cite them, and titles that do not shout.
import { describe, expect, it } from 'vitest';
import { displayTitle, humanIdentifier } from './human-identifier';
import { jurisdictionOf, typeOf } from './document-class';

describe('humanIdentifier', () => {
  it('keeps a Czech number in its cited form', () => {
    expect(humanIdentifier('1/1993 Sb.', 'cs')).toBe('1/1993 Sb.');
    expect(humanIdentifier('284/2023 Sb', 'en')).toBe('284/2023 Sb.');
  });

  it('cites EU acts from their CELEX number in both languages', () => {
    expect(humanIdentifier('32014L0092', 'en')).toBe('Directive 2014/92/EU');
    expect(humanIdentifier('32014L0092', 'cs')).toBe('směrnice 2014/92/EU');
    expect(humanIdentifier('32016R0679', 'en')).toBe('Regulation (EU) 2016/679');
    expect(humanIdentifier('32016R0679', 'cs')).toBe('nařízení (EU) 2016/679');
    expect(humanIdentifier('32012R1025', 'en')).toBe('Regulation (EU) No 1025/2012');
    expect(humanIdentifier('32006L0112', 'en')).toBe('Directive 2006/112/EC');
    expect(humanIdentifier('22019D0391', 'en')).toBe('Decision (EU) 2019/391');
    expect(humanIdentifier('32013D1386', 'cs')).toBe('rozhodnutí č. 1386/2013/EU');
  });

  it('cites the German Federal Law Gazette by number, or by page before 2023', () => {
    expect(humanIdentifier('eli/bund/bgbl-1/2024/17', 'en')).toBe('BGBl. I 2024 Nr. 17');
    expect(humanIdentifier('eli/bund/bgbl-1/1964/s593', 'cs')).toBe('BGBl. I 1964 S. 593');
    expect(humanIdentifier('eli/bund/bgbl-1/2024/17/regelungstext-verkuendung-2', 'en')).toBe(
      'BGBl. I 2024 Nr. 17 (2)',
    );
  });

  it('leaves identifiers it does not know as stored', () => {
    expect(humanIdentifier('22019A0315(01)', 'en')).toBe('22019A0315(01)');
    expect(humanIdentifier('pirati/stok', 'cs')).toBe('pirati/stok');
  });
});

describe('displayTitle', () => {
  it('sets an all-caps title in sentence case and leaves others as published', () => {
    expect(displayTitle('ÚSTAVA ČESKÉ REPUBLIKY')).toBe('Ústava české republiky');
    expect(displayTitle('Ústava České republiky')).toBe('Ústava České republiky');
    expect(displayTitle('1/1993')).toBe('1/1993');
  });
});

describe('document classes', () => {
  const doc = (external_id: string, source_system: string, kind?: string) => ({
    external_id,
    metadata: { source_system, ...(kind ? { kind } : {}) },
  });

  it('reads the jurisdiction from the number, the source or the AKN country', () => {
    expect(jurisdictionOf(doc('1/1993 Sb.', 'e-sbirka'))).toBe('cz');
    expect(jurisdictionOf(doc('32014L0092', 'akn'))).toBe('eu');
    expect(jurisdictionOf(doc('eli/bund/bgbl-1/2024/17', 'legaldocml.de'))).toBe('de');
    expect(jurisdictionOf(doc('/akn/it/act/legge/stato/1941-04-22/633', 'akn'))).toBe('it');
    expect(jurisdictionOf(doc('/akn/xx/act/1', 'akn'))).toBe('other');
  });

  it('normalizes the kind, the CELEX type letter first', () => {
    expect(typeOf(doc('1/1993 Sb.', 'e-sbirka', 'ústavní zákon'))).toBe('constitutional-act');
    expect(typeOf(doc('284/2023 Sb.', 'e-sbirka', 'Zákon'))).toBe('act');
    expect(typeOf(doc('32014L0092', 'akn', 'DIRECTIVE'))).toBe('directive');
    expect(typeOf(doc('22019D0391', 'dgt-tm'))).toBe('decision');
    expect(typeOf(doc('eli/bund/bgbl-1/2024/17', 'legaldocml.de', 'gesetz'))).toBe('act');
    expect(typeOf(doc('x', 'test', 'memorandum'))).toBe('other');
  });
});
