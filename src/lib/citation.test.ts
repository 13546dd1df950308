// Citations of provisions in Czech and English: Czech acts by number and kind, EU acts by OJ and CELEX.
import { describe, expect, it } from 'vitest';
import { CONSTITUTION_ACT as constitution, citedNode as node, nodesById as byId } from '../testing/citation-fixtures';
import { citationDate, citationOf, provisionPart, type CitedAct } from './citation';

const restructuring: CitedAct = {
  external_id: '284/2023 Sb.',
  title: 'Zákon o preventivní restrukturalizaci',
  metadata: { kind: 'zákon', title: 'Zákon o preventivní restrukturalizaci', source_system: 'e-sbirka' },
};
const gdprEn: CitedAct = {
  external_id: '32016R0679',
  title:
    'Regulation (EU) 2016/679 of the European Parliament and of the Council of 27 April 2016 on the protection of natural persons with regard to the processing of personal data',
  metadata: {
    kind: 'Regulation',
    title: 'Regulation (EU) 2016/679',
    source_system: 'formex',
    source_ids: { oj: 'OJ L 119, 4.5.2016, p. 1', celex: '32016R0679' },
  },
};
const gdprCs: CitedAct = {
  ...gdprEn,
  title: 'NAŘÍZENÍ Evropského parlamentu a Rady (EU) 2016/679 ze dne 27. dubna 2016 o ochraně fyzických osob',
};

const constitutionNodes = byId([
  node('h3', 'title', 'Hlava 3'),
  node('c54', 'article', 'Čl. 54', 'h3'),
  node('c54-2', 'paragraph', 'odst. 2', 'c54'),
  node('c1', 'article', 'Čl. 1'),
]);
const restructuringNodes = byId([
  node('p14', 'article', '§ 14'),
  node('p14-4', 'paragraph', 'odst. 4', 'p14'),
  node('p14-4-d', 'clause', 'písm. d)', 'p14-4'),
  node('p14-4-d-1', 'clause', 'bod 1', 'p14-4-d'),
]);
const gdprNodes = byId([
  node('a5', 'article', 'Article 5'),
  node('a5-1', 'paragraph', '1', 'a5'),
  node('a5-1-a', 'clause', '(a)', 'a5-1'),
]);

describe('citationOf', () => {
  it('cites a paragraph of the Constitution in Czech and English', () => {
    const input = {
      act: constitution,
      validFrom: '2026-01-01',
      node: constitutionNodes.get('c54-2'),
      nodesById: constitutionNodes,
    };
    expect(citationOf({ ...input, lang: 'cs' })).toBe(
      'čl. 54 odst. 2 ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 2026',
    );
    expect(citationOf({ ...input, lang: 'en' })).toBe(
      'Article 54(2) of Constitutional Act No. 1/1993 Coll., the Constitution of the Czech Republic, as in force from 1 January 2026',
    );
  });

  it('cites an article, and the act alone in the nominative', () => {
    const input = { act: constitution, validFrom: '1993-01-01', nodesById: constitutionNodes };
    expect(citationOf({ ...input, lang: 'cs', node: constitutionNodes.get('c1') })).toBe(
      'čl. 1 ústavního zákona č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 1993',
    );
    expect(citationOf({ ...input, lang: 'cs' })).toBe(
      'ústavní zákon č. 1/1993 Sb., Ústava České republiky, ve znění účinném od 1. 1. 1993',
    );
  });

  it('cites a point of a letter of a section of an act, dropping the kind from its title', () => {
    const input = {
      act: restructuring,
      validFrom: '2024-07-17',
      node: restructuringNodes.get('p14-4-d-1'),
      nodesById: restructuringNodes,
    };
    expect(citationOf({ ...input, lang: 'cs' })).toBe(
      '§ 14 odst. 4 písm. d) bod 1 zákona č. 284/2023 Sb., o preventivní restrukturalizaci, ve znění účinném od 17. 7. 2024',
    );
    expect(citationOf({ ...input, lang: 'en' })).toBe(
      'Section 14(4)(d)(1) of Act No. 284/2023 Coll. (zákon o preventivní restrukturalizaci), as in force from 17 July 2024',
    );
  });

  it('cites an EU act by its title, Official Journal and CELEX number in each language', () => {
    const input = { validFrom: '2016-05-24', node: gdprNodes.get('a5-1-a'), nodesById: gdprNodes };
    expect(citationOf({ ...input, act: gdprEn, lang: 'en' })).toBe(
      `Article 5(1)(a) of ${gdprEn.title}, OJ L 119, 4.5.2016, p. 1 (CELEX 32016R0679)`,
    );
    expect(citationOf({ ...input, act: gdprCs, lang: 'cs' })).toBe(
      'čl. 5 odst. 1 písm. a) nařízení Evropského parlamentu a Rady (EU) 2016/679 ze dne 27. dubna 2016 o ochraně fyzických osob, Úř. věst. L 119, 4.5.2016, s. 1 (CELEX 32016R0679)',
    );
    // Languages without a form of their own take the English one.
    expect(citationOf({ ...input, act: gdprEn, lang: 'de' })).toMatch(/^Article 5\(1\)\(a\) of Regulation/);
  });

  it('cites other acts by title and number', () => {
    const act: CitedAct = {
      external_id: 'pirati/vr',
      title: 'Volební řád',
      metadata: { kind: 'vnitřní předpis', title: 'Volební řád', source_system: 'pirati-sbirka' },
    };
    const nodes = byId([node('p3', 'article', '§ 3')]);
    expect(citationOf({ act, lang: 'cs', validFrom: null, node: nodes.get('p3'), nodesById: nodes })).toBe(
      '§ 3 Volební řád (pirati/vr)',
    );
  });
});

describe('provisionPart', () => {
  it('reads Czech, Akoma Ntoso and Formex cite keys', () => {
    expect(provisionPart('Čl. 10a', 'article')).toEqual({ kind: 'article', label: '10a' });
    expect(provisionPart('§ 2', 'article')).toEqual({ kind: 'section', label: '2' });
    expect(provisionPart('písm. b)', 'clause')).toEqual({ kind: 'letter', label: 'b' });
    expect(provisionPart('paragraph 3', 'paragraph')).toEqual({ kind: 'paragraph', label: '3' });
    expect(provisionPart('(12)', 'clause')).toEqual({ kind: 'point', label: '12' });
    expect(provisionPart('point (c)', 'clause')).toEqual({ kind: 'letter', label: 'c' });
    expect(provisionPart('Hlava 3', 'title')).toEqual({ kind: 'other', label: 'Hlava 3' });
  });
});

describe('citationDate', () => {
  it('writes dates as each language does', () => {
    expect(citationDate('2026-01-01', 'cs')).toBe('1. 1. 2026');
    expect(citationDate('2016-05-04', 'en')).toBe('4 May 2016');
  });
});
