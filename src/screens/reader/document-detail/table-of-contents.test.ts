// The table of contents of EU acts read in Czech, from the importers' own output: a DGT-TM act of
// the shared corpus and a Czech Formex act are parsed and flattened as the import stores them,
// then listed as the reader lists them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../../api/contract';
import { flattenVersion } from '../../../../server/importers/flatten';
import { akomaNtosoParser } from '../../../../server/importers/formats/akoma-ntoso';
import { formexParser } from '../../../../server/importers/formats/formex';
import { tmxParser } from '../../../../server/importers/formats/tmx';
import type { FormatParser } from '../../../../server/importers/model';
import { corpusPath, hasCorpus } from '../../../../tests/support/corpus';
import { fixturePath, readDecoded } from '../../../../tests/support/fixtures';
import { nameInLanguage } from '../../../components/text-viewer/node-name';
import { contentsOf } from './table-of-contents';

const BRANCH = '00000000-0000-4000-8000-000000000001';

/** The nodes of the first document in `file` as the API serves them. */
function nodesOf(parser: FormatParser, file: string): Node[] {
  const [doc] = parser.parse(readDecoded(file), file);
  return flattenVersion(doc!, BRANCH).nodes.map((row) => ({
    id: row.id,
    node_type: row.nodeType,
    type: row.type,
    title: row.title,
    ...(row.titles ? { titles: row.titles } : {}),
    cite_key: row.citeKey,
    external_id: row.externalId,
    order_index: row.orderIndex,
    depth: row.depth,
    derived_parent_id: row.derivedParentId,
  }));
}

const entries = (nodes: Node[], lang: string) =>
  contentsOf(nodes, lang).map((node) => [node.cite_key ?? node.external_id, node.title].filter(Boolean).join(' '));

describe.skipIf(!hasCorpus)('table of contents of a DGT-TM act (22019D0391) read in Czech', () => {
  const nodes = nodesOf(tmxParser, corpusPath('eu-dgt-tm-tmx', '22019D0391.tmx'));

  it('heads the articles and the annex in Czech, and lists no path for the closing block', () => {
    const listed = entries(nodes, 'cs');
    expect(listed.slice(0, 3)).toEqual(['Preambule', 'Článek 1', 'Článek 2']);
    expect(listed[3]).toMatch(/^Příloha /);
    expect(listed).toHaveLength(4);
    // 'Done at Cape Town …' has no heading in the text: it is no entry, and never 'final'.
    expect(listed.join('|')).not.toMatch(/final/i);
    expect(nodes.some((node) => node.external_id === 'final')).toBe(true);
  });
});

describe('table of contents of a Czech Formex act', () => {
  const dir = fixturePath('formex', 'standalone');

  it('lists the chapter, the articles by their Czech headings and the annex by its number', () => {
    expect(entries(nodesOf(formexParser, path.join(dir, 'act-cs.xml')), 'cs')).toEqual([
      'KAPITOLA I Obecná ustanovení',
      'Článek 1 Předmět',
      'Článek 2a',
    ]);
    expect(entries(nodesOf(formexParser, path.join(dir, 'annex-cs.xml')), 'cs')).toEqual([
      'Příloha II SEZNAM ROZHODCŮ',
    ]);
    expect(entries(nodesOf(formexParser, path.join(dir, 'annex-cs.xml')), 'en')).toEqual(['Annex II SEZNAM ROZHODCŮ']);
  });
});

describe.skipIf(!hasCorpus)('table of contents of an Akoma Ntoso act (Directive 2014/92/EU)', () => {
  const nodes = nodesOf(akomaNtosoParser, corpusPath('akn-formex-tulit', 'eu', 'eurlex', 'akn', '32014L0092.akn'));

  it('names the parts that hold headings and lists no eId', () => {
    const listed = entries(nodes, 'cs');
    expect(listed.slice(0, 2)).toEqual(['Preambule', 'Odůvodnění']);
    expect(entries(nodes, 'en').slice(0, 2)).toEqual(['Preamble', 'Recitals']);
    // 'preface_1', 'cits_1__cit_1', 'conclusions_1': no heading in the text, no entry.
    expect(listed.filter((entry) => /_\d/.test(entry))).toEqual([]);
  });
});

// The names follow the reading language too (issue 13): the DGT-TM import keeps them in every
// language; a language the source does not name a node in falls back to the stored name.
describe.skipIf(!hasCorpus)('table of contents names of a DGT-TM act (22019D0437)', () => {
  const nodes = nodesOf(tmxParser, corpusPath('eu-dgt-tm-tmx', '22019D0437.tmx'));

  it('names the provisions in Czech when read in Czech', () => {
    const listed = entries(nodes, 'cs');
    expect(listed).toContain('Článek 4 Sekretariát');
    expect(listed.join('|')).not.toContain('Secretariat');
  });

  it('names them in English when read in English, and in the stored name in a language without one', () => {
    expect(entries(nodes, 'en')).toContain('Article 4 Secretariat');
    expect(entries(nodes, 'xx')).toContain('Article 4 Secretariat');
  });
});

describe('nameInLanguage', () => {
  const node = { title: 'Secretariat', titles: { en: 'Secretariat', cs: 'Sekretariát' } };

  it('gives the name in the language asked for, else the stored title', () => {
    expect(nameInLanguage(node, 'cs')).toBe('Sekretariát');
    expect(nameInLanguage(node, 'de')).toBe('Secretariat');
    expect(nameInLanguage(node, undefined)).toBe('Secretariat');
    expect(nameInLanguage({ title: null }, 'cs')).toBeNull();
    expect(nameInLanguage(undefined, 'cs')).toBeNull();
  });
});
