// Tests for the TMX 1.4 (DGT-TM) parser: small fixtures, malformed input and the real
// 35-file DGT-TM corpus in the shared corpus (skipped when that is absent).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateInAgreementCelex, tmxParser } from '../../server/importers/formats/tmx.js';
import type { ParsedDocument, ParsedNode, ParsedText } from '../../server/importers/model.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { decodeFileContent, fixturePath, listNames, readDecoded, readHead, readText } from '../support/fixtures.js';
import { expectUniquePaths, flattenNodes, getNode, importErrorOf } from '../support/parsed-documents.js';

const fixtures = fixturePath('tmx');
const corpusDir = corpusPath('eu-dgt-tm-tmx');

function parseFixture(name: string): ParsedDocument[] {
  const file = path.join(fixtures, name);
  return tmxParser.parse(readDecoded(file), file);
}

/** Every ParsedText in document order. */
function allTexts(nodes: ParsedNode[]): ParsedText[] {
  return nodes.flatMap((n) => [...n.texts, ...allTexts(n.children)]);
}

describe('tmxParser.detect', () => {
  it('claims a <tmx> root after the XML declaration and DOCTYPE', () => {
    const head = readHead(path.join(fixtures, 'two-documents.tmx'), 300);
    expect(tmxParser.detect(head, 'x.tmx')).toBe(true);
  });

  it('rejects other XML roots and plain text', () => {
    expect(tmxParser.detect('<?xml version="1.0"?><akomaNtoso><act/></akomaNtoso>', 'a.xml')).toBe(false);
    expect(tmxParser.detect('<?xml version="1.0"?>\n<xliff version="1.2">', 'a.xlf')).toBe(false);
    expect(tmxParser.detect('<ACT><!-- <tmx> --></ACT>', 'a.xml')).toBe(false);
    expect(tmxParser.detect('Article 1\n<tmx>', 'a.txt')).toBe(false);
  });
});

describe('tmxParser.parse on fixtures', () => {
  const docs = parseFixture('two-documents.tmx');
  const [decision, regulation] = docs;

  it('returns one document per CELEX id, in file order', () => {
    expect(docs.map((d) => d.externalId)).toEqual(['22019D9001', '22019R9002']);
  });

  it('reads metadata from the CELEX id and the leading title segments', () => {
    expect(decision?.metadata).toMatchObject({
      title: 'Council Decision (EU) 2019/9001 of 5\u00a0March 2019 on "fixtures" & tests',
      kind: 'Decision',
      sourceSystem: 'dgt-tm',
      sourceIds: { celex: '22019D9001', file: 'two-documents.tmx' },
    });
    expect(decision?.publishedDate).toBe('2019-03-05');
    expect(regulation?.metadata.kind).toBe('Regulation');
    expect(regulation?.publishedDate).toBe('2019-07-01');
  });

  it('orders languages en, cs, then the rest alphabetically', () => {
    expect(decision?.languages).toEqual(['en', 'cs', 'de', 'sk']);
    expect(regulation?.languages).toEqual(['en', 'cs']);
  });

  it('builds preamble, articles, final part and annexes with unique paths', () => {
    const doc = decision!;
    expect(doc.nodes.map((n) => n.path)).toEqual(['preamble', 'art-1', 'art-2', 'final', 'annex-1', 'annex-2']);
    expectUniquePaths(doc);
    expect(getNode(doc, 'preamble')).toMatchObject({ nodeType: 'content', citeKey: 'Preamble' });
    expect(getNode(doc, 'preamble').texts).toHaveLength(4);
    expect(getNode(doc, 'art-1')).toMatchObject({ nodeType: 'article', citeKey: 'Article 1', title: 'Subject matter' });
    expect(getNode(doc, 'annex-1')).toMatchObject({
      nodeType: 'schedule',
      citeKey: 'Annex I',
      title: 'RULES OF PROCEDURE',
    });
    expect(getNode(doc, 'annex-1/chp-1')).toMatchObject({
      nodeType: 'chapter',
      citeKey: 'Chapter I',
      title: 'Organisation',
    });
    // Annexed rules restart their article numbers: they live under the annex, not beside Article 1.
    expect(getNode(doc, 'annex-1/chp-1').children.map((n) => n.path)).toEqual(['annex-1/art-1']);
    // 'The list is as follows:' ends with a colon, so it is text, not the annex title.
    expect(getNode(doc, 'annex-2').title).toBeUndefined();
    expect(getNode(doc, 'annex-2').texts).toEqual([
      { en: 'The list is as follows:', cs: 'Seznam je následující:', de: 'Die Liste lautet:' },
    ]);
  });

  it('keeps every language of a TU aligned in one ParsedText; headings and titles are not texts', () => {
    expect(getNode(decision!, 'art-1').texts).toEqual([
      {
        en: 'This Decision lays down rules.',
        cs: 'Toto rozhodnutí stanoví pravidla.',
        de: 'Dieser Beschluss legt Regeln fest.',
      },
      { en: 'It applies to tests.', de: 'Er gilt für Tests.', sk: 'Vzťahuje sa na testy.' },
    ]);
    const texts = allTexts(decision!.nodes).map((t) => t.en);
    expect(texts).not.toContain('Article 1');
    expect(texts).not.toContain('Subject matter');
  });

  it('lists every TU, headings included, as a translation unit', () => {
    expect(decision?.translationUnits).toHaveLength(19);
    expect(decision?.translationUnits?.[4]).toEqual({
      segments: { en: 'Article 1', cs: 'Článek\u00a01', de: 'Artikel 1' },
    });
    expect(regulation?.translationUnits).toHaveLength(4);
  });

  it('parses the same memory encoded as UTF-16LE with CRLF line ends', () => {
    const utf8 = readText(path.join(fixtures, 'two-documents.tmx')).replace(/\n/g, '\r\n');
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(utf8.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-16LE"?>'), 'utf16le'),
    ]);
    const docs16 = tmxParser.parse(decodeFileContent(bytes), 'two-documents-utf16.tmx');
    expect(docs16.map((d) => d.externalId)).toEqual(['22019D9001', '22019R9002']);
    expect(docs16[0]?.nodes).toEqual(decision?.nodes);
    expect(allTexts(docs16[0]!.nodes).some((t) => Object.values(t).some((s) => s.includes('\r')))).toBe(false);
  });
});

describe('tmxParser.parse on malformed input', () => {
  it.each([
    ['not-xml.tmx', 'line 1', /text outside the root element/],
    ['not-tmx-root.tmx', 'line 2', /root element is <xliff>, expected <tmx>/],
    ['missing-doc-no.tmx', 'TU #2 (line 17)', /missing <prop type="Txt::Doc\. No\.">/],
    ['tuv-without-lang.tmx', 'TU #2 (line 17)', /<tuv> without a lang attribute/],
    ['mismatched-tags.tmx', 'line 20', /expected <\/seg>, found <\/tuv>/],
  ])('%s -> ImportError at %s', (name, place, reason) => {
    const error = importErrorOf(() => parseFixture(name));
    expect(error.file).toBe(path.join(fixtures, name));
    expect(error.place).toBe(place);
    expect(error.reason).toMatch(reason);
  });

  it('rejects unknown entities and truncated files', () => {
    const ok = readText(path.join(fixtures, 'two-documents.tmx'));
    expect(importErrorOf(() => tmxParser.parse(ok.replace('&amp;', '&nbsp;'), 'e.tmx')).reason).toMatch(
      /invalid entity/,
    );
    expect(importErrorOf(() => tmxParser.parse(ok.slice(0, ok.length / 2), 't.tmx')).reason).toMatch(
      /unclosed <\w+>|malformed tag/,
    );
  });
});

warnIfNoCorpus('TMX corpus tests');

describe.skipIf(!hasCorpus)('tmxParser on the real DGT-TM corpus', () => {
  const files = hasCorpus ? listNames(corpusDir).filter((f) => f.endsWith('.tmx')) : [];
  const started = performance.now();
  const parsed = files.map((name) => {
    const bytes = fs.readFileSync(path.join(corpusDir, name));
    return { name, bytes, docs: tmxParser.parse(decodeFileContent(bytes), path.join(corpusDir, name)) };
  });
  const elapsedMs = performance.now() - started;
  const docs = parsed.flatMap((p) => p.docs);

  it('holds 35 UTF-16LE files, each detected and yielding one document named like the file', () => {
    expect(files).toHaveLength(35);
    for (const { name, bytes, docs: fileDocs } of parsed) {
      expect([bytes[0], bytes[1]], name).toEqual([0xff, 0xfe]);
      expect(tmxParser.detect(decodeFileContent(bytes).slice(0, 500), name), name).toBe(true);
      expect(
        fileDocs.map((d) => d.externalId),
        name,
      ).toEqual([name.replace(/\.tmx$/, '')]);
    }
  });

  it('parses the whole folder (about 20 MB) in well under 5 seconds', () => {
    expect(elapsedMs).toBeLessThan(5000);
  });

  it('keeps all 3,036 TUs, 2,671 of them with both CS and EN', () => {
    const units = docs.flatMap((d) => d.translationUnits ?? []);
    expect(units).toHaveLength(3036);
    expect(units.filter((u) => u.segments.en && u.segments.cs)).toHaveLength(2671);
  });

  it('accounts for every TU: a text, a heading or a heading title', () => {
    for (const doc of docs) {
      const nodes = flattenNodes(doc.nodes);
      const headings = nodes.filter((n) => n.citeKey && n.path !== 'preamble').length;
      const titles = nodes.filter((n) => n.title).length;
      expect(allTexts(doc.nodes).length + headings + titles, doc.externalId).toBe(doc.translationUnits?.length);
    }
  });

  it('aligns EN and CS: where every TU has both, the EN and CS fragment counts are equal', () => {
    for (const doc of docs) {
      const texts = allTexts(doc.nodes);
      const en = texts.filter((t) => t.en).length;
      const cs = texts.filter((t) => t.cs).length;
      expect(en, doc.externalId).toBe(texts.length); // DGT-TM: English is the pivot of every TU
      const everyTuBilingual = doc.translationUnits?.every((u) => u.segments.en && u.segments.cs);
      if (everyTuBilingual) expect(cs, doc.externalId).toBe(en);
      else expect(cs, doc.externalId).toBeLessThan(en);
    }
    const agreement = docs.find((d) => d.externalId === '22019A0315(01)')!;
    expect(allTexts(agreement.nodes).filter((t) => t.en && t.cs)).toHaveLength(89);
  });

  it('has 23 languages, en then cs first, and unique paths in every document', () => {
    for (const doc of docs) {
      expect(doc.languages.slice(0, 2), doc.externalId).toEqual(['en', 'cs']);
      expect(doc.languages, doc.externalId).toHaveLength(23);
      expectUniquePaths(doc, doc.externalId);
    }
  });

  it('reads the Arctic fisheries agreement: kind, title and 15 articles', () => {
    const doc = docs.find((d) => d.externalId === '22019A0315(01)')!;
    expect(doc.metadata.kind).toBe('Agreement');
    expect(doc.metadata.title).toBe('Agreement to prevent unregulated high seas fisheries in the Central Arctic Ocean');
    expect(doc.publishedDate).toBe('2019-03-15'); // from the CELEX: agreements are numbered by OJ date
    const articles = doc.nodes.filter((n) => n.nodeType === 'article');
    expect(articles.map((a) => a.path)).toEqual(Array.from({ length: 15 }, (_, i) => `art-${i + 1}`));
    expect(articles[0]).toMatchObject({ citeKey: 'Article 1', title: 'Use of Terms' });
  });

  it('reads Decision 22019D0391: two articles and an annex, dated from its title', () => {
    const doc = docs.find((d) => d.externalId === '22019D0391')!;
    expect(doc.metadata.kind).toBe('Decision');
    expect(doc.metadata.title).toMatch(
      /^Decision No 1\/2019 of the Trade and Development Committee .* of 18\u00a0February 2019 on the establishment of a list of arbitrators/,
    );
    expect(doc.publishedDate).toBe('2019-02-18');
    expect(doc.nodes.map((n) => n.path)).toEqual(['preamble', 'art-1', 'art-2', 'final', 'annex-1']);
    expect(getNode(doc, 'art-1').texts[0]).toMatchObject({
      en: expect.stringMatching(/^The list of arbitrators provided for in Article 94/),
      cs: expect.any(String),
      de: expect.stringMatching(/^Die im Anhang beigefügte Liste/),
    });
  });

  it('nests the rules of procedure annexed to Decision 22019D0437 under annex-1 and its chapters', () => {
    const doc = docs.find((d) => d.externalId === '22019D0437')!;
    expect(getNode(doc, 'annex-1')).toMatchObject({
      citeKey: 'Annex I',
      title: 'RULES OF PROCEDURE OF THE JOINT COUNCIL',
    });
    expect(getNode(doc, 'annex-1/chp-2').children.map((n) => n.citeKey)).toEqual([
      'Article 5',
      'Article 6',
      'Article 7',
      'Article 8',
      'Article 9',
      'Article 10',
    ]);
    expect(getNode(doc, 'annex-1/art-4')).toMatchObject({ title: 'Secretariat' });
  });
});

describe('dates of international agreements', () => {
  it('reads the Official Journal date from a sector-2 agreement CELEX', () => {
    expect(dateInAgreementCelex('22019A0315(01)')).toBe('2019-03-15');
    expect(dateInAgreementCelex('22019A1301')).toBeUndefined();
    expect(dateInAgreementCelex('22019D0391')).toBeUndefined();
  });
});
