// Tests for the Formex 4 parser: split OJ packages, CELLAR DOC_n packages, stand-alone files,
// malformed input and the real EUR-Lex packages in the shared corpus (skipped when absent).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formexParser } from '../../server/importers/formats/formex.js';
import { tmxParser } from '../../server/importers/formats/tmx.js';
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { fixturePath, listNames, readHead } from '../support/fixtures.js';
import { expectUniquePaths, flattenNodes, getNode, importErrorOf, parseFile } from '../support/parsed-documents.js';

const fixtures = fixturePath('formex');
const formexCorpus = corpusPath('akn-formex-tulit/eu/eurlex/formex');

const parseFormex = (file: string): ParsedDocument[] => parseFile(formexParser, file);

/** Imports a folder the way the pipeline would: every detected file, all documents together. */
function importFolder(dir: string): ParsedDocument[] {
  return listNames(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => formexParser.detect(readHead(file, 2048), file))
    .flatMap(parseFormex);
}

function en(n: ParsedNode): (string | undefined)[] {
  return n.texts.map((t) => t.en);
}

describe('formexParser.detect', () => {
  const schema = 'xsi:noNamespaceSchemaLocation="http://formex.publications.europa.eu/schema/formex-06.00-20210715.xd"';

  it('claims Formex roots: manifest, act, annex, OJ table of contents', () => {
    for (const root of ['DOC', 'ACT', 'ANNEX', 'CONS.ACT', 'PUBLICATION']) {
      expect(formexParser.detect(`<?xml version="1.0"?><${root} ${schema}>`, 'x.xml'), root).toBe(true);
    }
    expect(formexParser.detect('<ACT><BIB.INSTANCE><LG.DOC>EN</LG.DOC>', 'x.xml')).toBe(true);
  });

  it('rejects Akoma Ntoso, TMX and unrelated XML that merely reuses a name', () => {
    expect(
      formexParser.detect(
        '<?xml version="1.0"?><akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act>',
        'a.xml',
      ),
    ).toBe(false);
    expect(formexParser.detect('<?xml version="1.0"?><tmx version="1.4"><header/>', 'a.tmx')).toBe(false);
    expect(formexParser.detect('<?xml version="1.0"?><ACT><TITLE>Not Formex</TITLE>', 'a.xml')).toBe(false);
    expect(formexParser.detect('Regulation (EU) 2024/903 formex', 'a.txt')).toBe(false);
  });
});

describe('formexParser on a split OJ package (manifest + act + annexes)', () => {
  const dir = path.join(fixtures, 'split');
  const docs = importFolder(dir);
  const doc = docs[0]!;

  it('merges the folder into ONE document; components and the TOC yield nothing alone', () => {
    expect(docs).toHaveLength(1);
    expect(parseFormex(path.join(dir, 'L_202499999EN.000101.fmx.xml'))).toEqual([]);
    expect(parseFormex(path.join(dir, 'L_202499999EN.000201.fmx.xml'))).toEqual([]);
    expect(parseFormex(path.join(dir, 'L_202499999EN.toc.fmx.xml'))).toEqual([]);
  });

  it('reads metadata from the manifest and the act', () => {
    expect(doc.externalId).toBe('32024L0077');
    expect(doc.metadata).toMatchObject({
      title: 'Directive (EU) 2024/77 of the European Parliament and of the Council of 10 January 2024 on test fixtures',
      kind: 'Directive',
      issuer: 'EP, CONSIL',
      sourceSystem: 'formex',
      sourceIds: {
        celex: '32024L0077',
        eli: 'http://data.europa.eu/eli/dir/2024/77/oj',
        oj: 'OJ L, 2024/77, 15.1.2024',
      },
    });
    expect(doc.publishedDate).toBe('2024-01-15');
    expect(doc.languages).toEqual(['en']);
  });

  it('orders preamble, divisions, final part, then the annexes', () => {
    expect(doc.nodes.map((n) => n.path)).toEqual(['preamble', 'chp-1', 'chp-2', 'final', 'annex-1', 'annex-2']);
    expectUniquePaths(doc);
  });

  it('turns the preamble into texts plus one node per recital; footnotes are dropped', () => {
    const preamble = getNode(doc, 'preamble');
    expect(preamble).toMatchObject({ nodeType: 'content', rawType: 'PREAMBLE', citeKey: 'Preamble' });
    expect(en(preamble)).toEqual([
      'THE EUROPEAN PARLIAMENT AND THE COUNCIL OF THE EUROPEAN UNION,',
      'Having regard to the Treaty,',
      'Whereas:',
    ]);
    expect(getNode(doc, 'preamble/rct-2')).toMatchObject({
      citeKey: 'recital 2',
      texts: [{ en: 'Tests should be able to fail.' }],
    });
    // Text after the recitals keeps its place in a trailing content node.
    expect(en(preamble.children.at(-1)!)).toEqual(['HAVE ADOPTED THIS DIRECTIVE:']);
  });

  it('maps divisions to chapter/section nodes with roman numbers normalised', () => {
    expect(getNode(doc, 'chp-1')).toMatchObject({
      nodeType: 'chapter',
      citeKey: 'CHAPTER I',
      title: 'General provisions',
    });
    expect(getNode(doc, 'chp-2/sec-1')).toMatchObject({
      nodeType: 'section',
      citeKey: 'Section 1',
      title: 'Amendments',
    });
    expect(getNode(doc, 'chp-2').children.map((n) => n.path)).toEqual(['chp-2/sec-1', 'art-3']);
  });

  it('gives articles, paragraphs and points citeable keys and stable paths', () => {
    expect(getNode(doc, 'art-1')).toMatchObject({
      nodeType: 'article',
      rawType: 'ARTICLE',
      citeKey: 'Article 1',
      title: 'Subject matter',
    });
    expect(getNode(doc, 'art-1/par-1')).toMatchObject({
      nodeType: 'paragraph',
      citeKey: 'paragraph 1',
      texts: [{ en: 'This Directive lays down ‘fixture’ rules.' }],
    });
    expect(en(getNode(doc, 'art-1/par-2'))).toEqual(['Member States shall ensure:']);
    expect(getNode(doc, 'art-1/par-2/pt-a')).toMatchObject({
      nodeType: 'clause',
      citeKey: 'point (a)',
      texts: [{ en: 'clarity;' }],
    });
    expect(getNode(doc, 'art-1/par-2/pt-b/ind-2')).toMatchObject({
      citeKey: 'indent 2',
      texts: [{ en: 'few elements.' }],
    });
    expect(en(getNode(doc, 'art-1/par-2/txt-3'))).toEqual(['The first subparagraph applies from 2025.']);
  });

  it('keeps quoted amendments as text, not as articles of this act', () => {
    const article2 = getNode(doc, 'art-2');
    expect(article2.children).toEqual([]);
    expect(en(article2)).toEqual([
      'Article 4 of Directive 2000/1/EC is replaced by the following:',
      '‘Article 4',
      '1. Quoted text.’',
    ]);
    expect(flattenNodes(doc.nodes).filter((n) => n.citeKey === 'Article 4')).toEqual([]);
  });

  it('keeps the signature block as the final content node', () => {
    expect(getNode(doc, 'final')).toMatchObject({ nodeType: 'content', rawType: 'FINAL' });
    expect(en(getNode(doc, 'final'))).toEqual([
      'This Directive is addressed to the Member States.',
      'Done at Brussels, 10 January 2024.',
      'For the Council',
      'The President',
    ]);
  });

  it('merges each annex as a schedule with points and table rows', () => {
    expect(getNode(doc, 'annex-1')).toMatchObject({ nodeType: 'schedule', citeKey: 'Annex I', title: 'CHECKLIST' });
    expect(getNode(doc, 'annex-1/pt-2')).toMatchObject({ citeKey: 'point 2', texts: [{ en: 'Results' }] });
    expect(en(getNode(doc, 'annex-1/txt-3'))).toEqual(['Code | Meaning', 'A1 | First value']);
    expect(getNode(doc, 'annex-2')).toMatchObject({ citeKey: 'Annex II', title: 'CORRELATION TABLE' });
  });
});

describe('formexParser on a CELLAR package (DOC_1..DOC_n.xml)', () => {
  const dir = path.join(fixtures, 'cellar');
  const docs = importFolder(dir);

  it('resolves renamed components by NO.SEQ: DOC_1 manifest + DOC_2 act + DOC_3 annex (+ DOC_4 included)', () => {
    expect(docs.map((d) => d.externalId)).toEqual(['32012D0045', '32012R0046']);
    const decision = docs[0]!;
    expect(decision.metadata.sourceIds?.file).toBe('DOC_1.xml DOC_2.xml DOC_3.xml');
    expect(decision.metadata.sourceIds?.oj).toBe('OJ L 20, 24.1.2012, p. 7');
    expect(decision.metadata.kind).toBe('Decision');
    expect(decision.nodes.map((n) => n.path)).toEqual(['preamble', 'art-1', 'art-2', 'annex-1']);
  });

  it('inlines the file an annex includes (INCL.ELEMENT) at its place', () => {
    expect(en(getNode(docs[0]!, 'annex-1'))).toEqual(['The list reads:', 'ANNEX I', 'XX-1 | Included row']);
    expect(parseFormex(path.join(dir, 'DOC_4.xml'))).toEqual([]);
  });

  it('parses an act the manifest does not reference as its own document', () => {
    const other = docs[1]!;
    expect(other.metadata.title).toBe(
      'Commission Regulation (EU) No 46/2012 of 21 January 2012 on an unrelated matter',
    );
    expect(other.publishedDate).toBeUndefined(); // only a manifest knows the OJ date
  });
});

describe('formexParser on stand-alone components', () => {
  it('parses an act without a manifest; CELEX from its number and kind', () => {
    const [doc] = parseFormex(path.join(fixtures, 'standalone/act.xml'));
    expect(doc?.externalId).toBe('32019D0391');
    expect(doc?.metadata.sourceIds).toMatchObject({ celex: '32019D0391', oj: 'OJ L 50, 2019, p. 1' });
    expect(doc!.nodes.map((n) => n.citeKey)).toEqual(['Article 1', 'Article 1a']);
    expect(getNode(doc!, 'art-1a').texts).toEqual([{ en: 'Inserted.' }]);
    expect(getNode(doc!, 'art-1/par-2').texts).toEqual([{ en: 'Two.' }]);
  });

  it('parses an annex alone, keyed by its OJ reference and language', () => {
    const [doc] = parseFormex(path.join(fixtures, 'standalone/annex-only.xml'));
    expect(doc?.externalId).toBe('OJ L 1, 2013, p. 3');
    expect(doc?.languages).toEqual(['fr']);
    expect(doc?.nodes.map((n) => [n.path, n.nodeType])).toEqual([['annex-1', 'schedule']]);
    expect(doc?.nodes[0]?.texts).toEqual([{ fr: 'Liste.' }]);
  });
});

describe('formexParser on a Czech act (the OJ publishes each act in every EU language)', () => {
  // A Czech file heads 'KAPITOLA I', 'Článek 2a', 'PŘÍLOHA II' where the English one heads 'CHAPTER I', ...
  const [act] = parseFormex(path.join(fixtures, 'standalone/act-cs.xml'));
  const [annex] = parseFormex(path.join(fixtures, 'standalone/annex-cs.xml'));

  it('reads Czech chapter and article headings: kinds, numbers and paths as in English', () => {
    expect(act?.languages).toEqual(['cs']);
    expect(act?.nodes.map((n) => [n.path, n.nodeType, n.citeKey, n.title])).toEqual([
      ['chp-1', 'chapter', 'KAPITOLA I', 'Obecná ustanovení'],
      ['final', 'content', undefined, undefined],
    ]);
    // 'Článek 2a' is art-2a by its heading, not art-3 by its IDENTIFIER.
    expect(getNode(act!, 'chp-1').children.map((n) => [n.path, n.citeKey, n.title])).toEqual([
      ['art-1', 'Článek 1', 'Předmět'],
      ['art-2a', 'Článek 2a', undefined],
    ]);
  });

  it('reads a Czech annex heading: its number, and its subtitle as its title', () => {
    expect(annex?.nodes.map((n) => [n.path, n.nodeType, n.citeKey, n.title])).toEqual([
      ['annex-2', 'schedule', 'Annex II', 'SEZNAM ROZHODCŮ'],
    ]);
  });
});

describe('formexParser on malformed input', () => {
  it('names the line of ill-formed XML', () => {
    const file = path.join(fixtures, 'malformed/broken.xml');
    const error = importErrorOf(() => parseFormex(file));
    expect(error.file).toBe(file);
    expect(error.place).toMatch(/^line \d+$/);
    expect(error.reason).toMatch(/not well-formed XML/);
  });

  it('reports a manifest whose main file is missing', () => {
    const file = path.join(fixtures, 'malformed/DOC_1.xml');
    const error = importErrorOf(() => parseFormex(file));
    expect(error.place).toBe('DOC.MAIN.PUB');
    expect(error.reason).toMatch(/L_missing\.xml .*not found/);
  });

  it('rejects text that is not XML at all', () => {
    expect(importErrorOf(() => formexParser.parse('Article 1 plain text', '/tmp/x.xml')).reason).toMatch(
      /not well-formed XML/,
    );
  });
});

warnIfNoCorpus('Formex corpus tests');

describe.skipIf(!hasCorpus)('formexParser on the real EUR-Lex corpus', () => {
  const packageDir = (prefix: string) => {
    const dir = fs.readdirSync(formexCorpus).find((d) => d.startsWith(prefix));
    if (!dir) throw new Error(`no package ${prefix}`);
    return path.join(formexCorpus, dir);
  };

  it('detects every Formex file and no Akoma Ntoso or TMX file', () => {
    const formexFiles = [
      packageDir('c008bcb6'),
      path.join(packageDir('c008bcb6'), 'DOC_1'),
      packageDir('5cca93ee'),
      packageDir('e115172d'),
    ]
      .flatMap((dir) => fs.readdirSync(dir).map((n) => path.join(dir, n)))
      .filter((f) => f.endsWith('.xml'));
    expect(formexFiles).toHaveLength(12);
    for (const file of formexFiles) expect(formexParser.detect(readHead(file, 2048), file), file).toBe(true);
    const akn = corpusPath('akn-formex-tulit/eu/eurlex/akn/32014L0092.akn');
    expect(formexParser.detect(readHead(akn, 2048), akn)).toBe(false);
    expect(tmxParser.detect(readHead(formexFiles[0]!, 2048), formexFiles[0]!)).toBe(false);
  });

  it('imports the split Regulation (EU) 2024/903 as one document with its annex', () => {
    const docs = importFolder(path.join(packageDir('c008bcb6'), 'DOC_1'));
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc.externalId).toBe('32024R0903');
    expect(doc.metadata).toMatchObject({
      kind: 'Regulation',
      sourceIds: { eli: 'http://data.europa.eu/eli/reg/2024/903/oj' },
    });
    expect(doc.metadata.title).toMatch(/^Regulation \(EU\) 2024\/903 .* \(Interoperable Europe Act\)$/);
    expect(doc.publishedDate).toBe('2024-03-22');
    expect(doc.languages).toEqual(['en']);
    expectUniquePaths(doc);

    const all = flattenNodes(doc.nodes);
    expect(all.filter((n) => n.nodeType === 'chapter')).toHaveLength(6);
    expect(all.filter((n) => n.nodeType === 'article').map((n) => n.citeKey)).toEqual(
      Array.from({ length: 23 }, (_, i) => `Article ${i + 1}`),
    );
    expect(getNode(doc, 'preamble').children.filter((n) => n.rawType === 'CONSID')).toHaveLength(57);
    expect(getNode(doc, 'art-1')).toMatchObject({ title: 'Subject matter and scope' });
    expect(getNode(doc, 'art-1').children.map((n) => n.citeKey)).toEqual([
      'paragraph 1',
      'paragraph 2',
      'paragraph 3',
      'paragraph 4',
      'paragraph 5',
    ]);
    expect(getNode(doc, 'art-3/par-2/pt-a').citeKey).toBe('point (a)');
    expect(getNode(doc, 'art-2/pt-1').texts[0]?.en).toMatch(/^‘cross-border interoperability’ means/);

    const annex = getNode(doc, 'annex-1');
    expect(doc.nodes.at(-1)).toBe(annex);
    expect(annex).toMatchObject({
      nodeType: 'schedule',
      citeKey: 'Annex',
      title: 'COMMON CHECKLIST FOR INTEROPERABILITY ASSESSMENT REPORTS',
    });
    expect(annex.children.map((n) => n.texts[0]?.en)).toEqual(['General Information', 'Requirements', 'Results']);
  });

  it('merges the 2011 CELLAR package: implementing regulation + annex with its included table', () => {
    const docs = importFolder(packageDir('5cca93ee'));
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc.externalId).toBe('32011R1319');
    expect(doc.publishedDate).toBe('2011-12-16');
    expect(doc.metadata.sourceIds?.oj).toBe('OJ L 334, 16.12.2011, p. 25');
    expect(doc.nodes.map((n) => n.path)).toEqual(['preamble', 'art-1', 'art-2', 'final', 'annex-1']);
    expect(en(getNode(doc, 'annex-1'))).toContain(
      '02071210 | Fowls of the species Gallus domesticus, not cut in pieces, presented as “70\u00a0% chickens”, frozen | 109,5 | 0 | AR',
    );
  });

  it('merges the 2008 CELLAR package: regulation with two annexes, quoted articles kept as text', () => {
    const docs = importFolder(packageDir('e115172d'));
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc.externalId).toBe('32008R1137');
    expect(doc.publishedDate).toBe('2008-11-21');
    expectUniquePaths(doc);
    const all = flattenNodes(doc.nodes);
    // The annex quotes 73 articles of amended directives; only the act's own 3 are articles.
    expect(all.filter((n) => n.nodeType === 'article').map((n) => n.path)).toEqual(['art-1', 'art-2', 'art-3']);
    expect(getNode(doc, 'annex-1/grp-1/grp-1-1')).toMatchObject({
      citeKey: 'point 1.1',
      title: expect.stringMatching(/^Directive 1999\/4\/EC/),
    });
    expect(getNode(doc, 'annex-2')).toMatchObject({ nodeType: 'schedule', title: 'Chronological Index' });
    expect(getNode(doc, 'annex-2').children).toHaveLength(59);
  });
});
