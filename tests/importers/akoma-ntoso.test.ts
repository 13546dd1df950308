// Tests for the Akoma Ntoso parser: small hand-written fixtures, then the real corpus files
// (AKN 3.0, CSD13, WD17, Finlex, LegalDocML.de) read from the shared corpus when present.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { akomaNtosoParser } from '../../server/importers/formats/akoma-ntoso.js';
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { fixturePath, readHead, readText } from '../support/fixtures.js';
import { expectUniquePaths, flattenNodes, getNode, importErrorOf, parseOne } from '../support/parsed-documents.js';

/** A fixture parsed under its bare name (the name errors report). */
function parseFixture(name: string): ParsedDocument[] {
  return akomaNtosoParser.parse(readText(fixturePath('akn', name)), name);
}

function ofType(document: ParsedDocument, nodeType: string): ParsedNode[] {
  return flattenNodes(document.nodes).filter((node) => node.nodeType === nodeType);
}

function textsOf(node: ParsedNode, language: string): string[] {
  return node.texts.map((text) => text[language] ?? '');
}

describe('akomaNtosoParser.detect', () => {
  it('accepts an akomaNtoso root in any namespace or prefix, after prolog and comments', () => {
    expect(akomaNtosoParser.detect('<?xml version="1.0"?>\n<akomaNtoso xmlns="x">', 'a.xml')).toBe(true);
    expect(akomaNtosoParser.detect('\uFEFF<!-- c --><?pi x?><an:akomaNtoso xmlns:an="y">', 'a.xml')).toBe(true);
    const head = readHead(fixturePath('akn', 'legaldocml-de.xml'), 600);
    expect(akomaNtosoParser.detect(head, 'legaldocml-de.xml')).toBe(true);
  });

  it('rejects other roots, including akomaNtoso appearing only deeper in the file', () => {
    expect(akomaNtosoParser.detect('<?xml version="1.0"?><tmx version="1.4">', 'a.tmx')).toBe(false);
    expect(akomaNtosoParser.detect('<wrapper><akomaNtoso/></wrapper>', 'a.xml')).toBe(false);
    expect(akomaNtosoParser.detect('<akomaNtosoX/>', 'a.xml')).toBe(false);
  });
});

describe('minimal AKN 3.0 act fixture', () => {
  const [document] = parseFixture('minimal-act.xml');
  const act = document!;

  it('reads FRBR metadata: CELEX as external id, English, expression date as version', () => {
    expect(act.externalId).toBe('32099L0001');
    expect(act.languages).toEqual(['en']);
    expect(act.versionDate).toBe('2099-02-01');
    expect(act.publishedDate).toBe('2099-01-20');
    expect(act.effectiveDate).toBe('2099-02-09');
    expect(act.metadata).toMatchObject({
      title: 'on the testing of parsers',
      kind: 'Directive',
      issuer: 'Council of the European Union',
      sourceSystem: 'akn',
    });
    expect(act.metadata.sourceIds).toMatchObject({
      celex: '32099L0001',
      frbrWork: '/akn/eu/act/directive/2099/1/!main',
      frbrExpression: '/akn/eu/act/directive/2099/1/eng@2099-02-01/!main',
      file: 'minimal-act.xml',
    });
  });

  it('builds the hierarchy with normalized types, raw types, citeKeys and titles', () => {
    expect(act.nodes.map((node) => node.nodeType)).toEqual(['content', 'content', 'chapter', 'content', 'schedule']);
    const chapter = getNode(act, 'chp_I');
    expect(chapter).toMatchObject({ rawType: 'chapter', citeKey: 'CHAPTER I', title: 'GENERAL PROVISIONS' });
    expect(chapter.children.map((node) => node.citeKey)).toEqual(['Article 1', 'Article 2', 'Article 3']);
    expect(getNode(act, 'art_1')).toMatchObject({ nodeType: 'article', rawType: 'article', title: 'Subject matter' });
    // A second <num> (Formex-derived EU files) is the title when there is no heading.
    expect(getNode(act, 'art_2').title).toBe('Entry into force');
  });

  it('keeps list intro as paragraph text, points as clauses, wrapUp as a trailing content node', () => {
    const paragraph = getNode(act, 'art_1__para_1');
    expect(paragraph.citeKey).toBe('1');
    expect(textsOf(paragraph, 'en')).toEqual(['This Directive lays down rules on testing and parsing:']);
    expect(paragraph.children.map((node) => [node.nodeType, node.rawType, node.citeKey])).toEqual([
      ['clause', 'point', '(a)'],
      ['clause', 'point', '(b)'],
      ['content', 'wrapUp', undefined],
    ]);
    expect(textsOf(paragraph.children[1]!, 'en')).toEqual(['second point.']);
    expect(textsOf(paragraph.children[2]!, 'en')).toEqual(['Closing words of the list.']);
  });

  it('keeps number and heading out of the text and appends notes in brackets', () => {
    expect(textsOf(getNode(act, 'recs__rec_1'), 'en')).toEqual(['Parsers should be tested. [OJ C 1, 1.1.2099, p. 1.]']);
    expect(textsOf(getNode(act, 'art_1__para_1__list_1__point_a'), 'en')).toEqual(['first point;']);
  });

  it('generates paths for elements without eId and deduplicates repeated eIds', () => {
    expect(getNode(act, 'art_1__paragraph_2').citeKey).toBe('2');
    expect(getNode(act, 'art_2~2').citeKey).toBe('Article 3');
    expectUniquePaths(act);
  });

  it('reads the attachment as a schedule titled by its docTitle, tables as one unit per row', () => {
    const annex = getNode(act, 'att_1');
    expect(annex).toMatchObject({ nodeType: 'schedule', rawType: 'attachment', title: 'ANNEX I' });
    const table = flattenNodes(annex.children).find((node) => node.rawType === 'mainBody');
    expect(textsOf(table!, 'en')).toEqual(['Fee | Amount', 'Opening | 10 EUR']);
  });
});

describe('LegalDocML.de-like fixture', () => {
  const document = parseFixture('legaldocml-de.xml')[0]!;

  it('uses the work ELI as external id and the ELI point in time as version date', () => {
    expect(document.externalId).toBe('eli/bund/bgbl-1/2099/s1');
    expect(document.versionDate).toBe('2099-04-01');
    expect(document.effectiveDate).toBe('2099-04-01');
    expect(document.publishedDate).toBe('2099-03-01');
    expect(document.languages).toEqual(['de']);
    expect(document.metadata).toMatchObject({
      title: 'Gesetz zur Prüfung von Parsern',
      kind: 'gesetz',
      sourceSystem: 'legaldocml.de',
    });
    expect(document.metadata.sourceIds?.eli).toBe('eli/bund/bgbl-1/2099/s1');
  });

  it('maps section/article/paragraph/item and keeps eIds as paths', () => {
    const article = getNode(document, 'hauptteil-n1_abschnitt-n1_art-z1');
    expect(article).toMatchObject({ nodeType: 'article', citeKey: '§ 1', title: 'Zweck' });
    const paragraph = article.children[0]!;
    expect(paragraph).toMatchObject({ nodeType: 'paragraph', citeKey: '(1)' });
    expect(textsOf(paragraph, 'de')).toEqual(['Dieses Gesetz gilt für']);
    expect(paragraph.children.map((node) => [node.rawType, node.citeKey, textsOf(node, 'de')[0]])).toEqual([
      ['item', '1', 'Parser und'],
      ['item', '2', 'Importeure,'],
      ['listWrapUp', undefined, 'soweit nichts anderes bestimmt ist.'],
    ]);
  });

  it('treats quoted structures of amended acts as text, not as own articles', () => {
    expect(ofType(document, 'article').map((node) => node.citeKey)).toEqual(['§ 1', '§ 2']);
    const amendment = getNode(document, 'hauptteil-n1_abschnitt-n1_art-z2_abs-z1');
    expect(textsOf(amendment, 'de')).toEqual(['§ 9 wird wie folgt gefasst: § 9 Neuer Text.']);
  });

  it('returns nothing for a rechtsetzungsdokument wrapper that only references components', () => {
    expect(parseFixture('rechtsetzungsdokument.xml')).toEqual([]);
  });
});

describe('malformed input', () => {
  it('reports the line and column of an XML syntax error', () => {
    const error = importErrorOf(() => parseFixture('malformed-mismatch.xml'));
    expect(error.file).toBe('malformed-mismatch.xml');
    // xmldom positions errors at the last node it read before the bad closing tag, on line 6.
    expect(error.place).toMatch(/^line 6, column \d+$/);
    expect(error.reason).toContain('malformed XML');
  });

  it('reports a missing body with the element path', () => {
    const error = importErrorOf(() => parseFixture('malformed-no-body.xml'));
    expect(error.place).toBe('/akomaNtoso/act');
    expect(error.reason).toContain('no body');
  });

  it('rejects a well-formed file whose root is not akomaNtoso', () => {
    const error = importErrorOf(() => akomaNtosoParser.parse('<tmx><body/></tmx>', 'x.tmx'));
    expect(error.place).toBe('/tmx');
    expect(error.reason).toContain('not akomaNtoso');
  });

  it('rejects empty and non-XML content', () => {
    expect(importErrorOf(() => akomaNtosoParser.parse('', 'empty.xml')).reason).toContain('malformed XML');
    expect(importErrorOf(() => akomaNtosoParser.parse('plain text', 'x.xml')).reason).toContain('malformed XML');
  });

  it('treats undefined entities as fatal', () => {
    const content = '<akomaNtoso>\n<act><body><p>&nbsp;</p></body></act></akomaNtoso>';
    expect(importErrorOf(() => akomaNtosoParser.parse(content, 'e.xml')).place).toMatch(/^line 2/);
  });
});

const tulit = corpusPath('akn-formex-tulit');
const legalDocMlDe = corpusPath('akn-legaldocml-de');

function listFiles(directory: string): string[] {
  return fs
    .readdirSync(directory, { recursive: true })
    .map((entry) => path.join(directory, String(entry)))
    .filter((file) => fs.statSync(file).isFile());
}

function corpusAknFiles(): string[] {
  const tulitAkn = listFiles(tulit).filter(
    (file) => !file.includes(`${path.sep}formex${path.sep}`) && /\.(xml|akn)$/.test(file),
  );
  return [...tulitAkn, ...listFiles(legalDocMlDe).filter((file) => file.endsWith('.xml'))].sort();
}

warnIfNoCorpus('Akoma Ntoso corpus tests');

describe.skipIf(!hasCorpus)('real corpus (shared corpus)', () => {
  const italy = path.join(tulit, 'member_states/italy/gazzetta_ufficiale');
  const vereinsgesetz = path.join(legalDocMlDe, 'eli/bund/bgbl-1/1964/s593');

  it('detects and parses every AKN file into a non-empty tree with unique paths', () => {
    const files = corpusAknFiles();
    expect(files.length).toBeGreaterThanOrEqual(34);
    for (const file of files) {
      const content = readText(file);
      expect(akomaNtosoParser.detect(content.slice(0, 4096), file), file).toBe(true);
      const documents = akomaNtosoParser.parse(content, file);
      if (path.basename(file).startsWith('rechtsetzungsdokument')) {
        expect(documents, file).toEqual([]);
        continue;
      }
      expect(documents, file).toHaveLength(1);
      expect(flattenNodes(documents[0]!.nodes).length, file).toBeGreaterThan(0);
      expectUniquePaths(documents[0]!, file);
      expect(documents[0]!.languages[0], file).toMatch(/^[a-z]{2}$/);
    }
  });

  it('Italian copyright law 633/1941: two versions of one work, 306 and 307 articles, 49 chapters', () => {
    const v2021 = parseOne(akomaNtosoParser, path.join(italy, '19410716_041U0633_VIGENZA_20211231.xml'));
    const v2024 = parseOne(akomaNtosoParser, path.join(italy, '19410716_041U0633_VIGENZA_20241222.xml'));
    expect(v2021.externalId).toBe('/akn/it/act/legge/stato/1941-04-22/633');
    expect(v2024.externalId).toBe(v2021.externalId);
    expect(v2021.versionDate).toBe('2021-12-14');
    expect(v2024.versionDate).toBe('2024-11-15');
    expect(v2021.publishedDate).toBe('1941-07-16');
    expect(v2021.languages).toEqual(['it']);
    expect(v2021.metadata.kind).toBe('LEGGE');
    expect(v2021.metadata.title).toMatch(/^Protezione del diritto d'autore/);
    expect(ofType(v2021, 'article')).toHaveLength(306);
    expect(ofType(v2024, 'article')).toHaveLength(307);
    expect(ofType(v2021, 'chapter')).toHaveLength(49);
    expect(getNode(v2024, 'art_1').citeKey).toBe('Art. 1');
    expect(textsOf(getNode(v2024, 'art_1__paragraph_1'), 'it')[0]).toMatch(/^Sono protette ai sensi di questa legge/);
  });

  it('EU directive 2014/92: CELEX id, English, Articles 1-31 cited as "Article N"', () => {
    const directive = parseOne(akomaNtosoParser, path.join(tulit, 'eu/eurlex/akn/32014L0092.akn'));
    expect(directive.externalId).toBe('32014L0092');
    expect(directive.languages).toEqual(['en']);
    expect(directive.metadata.title).toMatch(/^Directive 2014\/92\/EU/);
    const articles = ofType(directive, 'article');
    expect(articles.map((node) => node.citeKey)).toEqual(Array.from({ length: 31 }, (_, i) => `Article ${i + 1}`));
    expect(getNode(directive, 'chp_I__art_1').title).toBe('Subject matter and scope');
    expect(ofType(directive, 'chapter')).toHaveLength(7);
    expect(flattenNodes(directive.nodes).filter((node) => node.rawType === 'recital')).toHaveLength(58);
  });

  it('Vereinsgesetz: the 1964 original and the 2017 expression are versions of one work', () => {
    const original = parseOne(
      akomaNtosoParser,
      path.join(vereinsgesetz, '1964-08-05/1/deu/1964-08-05/regelungstext-verkuendung-1.xml'),
    );
    const amended = parseOne(
      akomaNtosoParser,
      path.join(vereinsgesetz, '2017-03-16/1/deu/2017-03-15/regelungstext-verkuendung-1.xml'),
    );
    expect(original.externalId).toBe('eli/bund/bgbl-1/1964/s593');
    expect(amended.externalId).toBe(original.externalId);
    expect(original.versionDate).toBe('1964-08-05');
    expect(amended.versionDate).toBe('2017-03-16');
    expect(original.effectiveDate).toBe('1964-09-21');
    expect(original.metadata.title).toBe('Gesetz zur Regelung des öffentlichen Vereinsrechts');
    expect(ofType(original, 'article').map((node) => node.citeKey)).toEqual(['§ 20', 'Artikel 34']);
  });

  it('LegalDocML.de side components keep their own component-qualified ELI', () => {
    const folder = path.join(vereinsgesetz, '1964-08-05/1/deu/1964-08-05');
    expect(parseOne(akomaNtosoParser, path.join(folder, 'anlage-regelungstext-1.xml')).externalId).toBe(
      'eli/bund/bgbl-1/1964/s593/anlage-regelungstext-1',
    );
    expect(parseOne(akomaNtosoParser, path.join(folder, 'regelungstext-verkuendung-2.xml')).externalId).toBe(
      'eli/bund/bgbl-1/1964/s593/regelungstext-verkuendung-2',
    );
  });

  it('reads older namespaces and national profiles (WD17 prefix, CSD13, Finlex, Greek)', () => {
    const senateBill = parseOne(akomaNtosoParser, path.join(italy, 'it_senato_ddl_2013.xml'));
    expect(senateBill.externalId).toBe('/akn/it/bill/Ddl/2013-03-29/356');
    expect(ofType(senateBill, 'article').map((node) => node.citeKey)).toEqual([
      'Art. 1',
      'Art. 2',
      'Art. 3',
      'Art. 4',
      'Art. 5',
      'Art. 6',
    ]);
    const luxembourg = parseOne(
      akomaNtosoParser,
      path.join(tulit, 'member_states/luxembourg/legilux/2006_07_31_n2_jo.xml'),
    );
    expect(luxembourg.languages).toEqual(['fr']);
    expect(ofType(luxembourg, 'article')).toHaveLength(6);
    const finland = parseOne(akomaNtosoParser, path.join(tulit, 'member_states/finland/finlex/finlex_2024_123.xml'));
    expect(finland).toMatchObject({ externalId: '/akn/fi/act/statute/2024/123', languages: ['fi'] });
    expect(finland.publishedDate).toBe('2024-03-26');
    expect(ofType(finland, 'schedule')).toHaveLength(1);
    const greece = parseOne(akomaNtosoParser, path.join(tulit, 'member_states/greece/law_4330_2015.xml'));
    expect(greece).toMatchObject({ externalId: '/gr/act/2015/4330', languages: ['el'], publishedDate: '2015-06-16' });
    expect(ofType(greece, 'article')).toHaveLength(6);
  });
});
