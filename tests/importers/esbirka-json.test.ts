// Tests of the e-Sbírka JSON reader: small fixtures, malformed input, and the real corpus files.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../server/importers/model.js';
import { esbirkaJsonParser } from '../../server/importers/formats/esbirka-json.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { fixturePath, listNames, readHead } from '../support/fixtures.js';
import {
  expectUniquePaths,
  findNode,
  flattenNodes,
  importErrorOf,
  parseFile,
  parseOne,
} from '../support/parsed-documents.js';

const fixtureDir = fixturePath('czech');
const corpusDir = corpusPath('cz-esbirka-original-json');

const parseJson = (file: string): ParsedDocument => parseOne(esbirkaJsonParser, file);

describe('esbirkaJsonParser on fixtures', () => {
  it('reads metadata from the header and dates from the text', () => {
    const doc = parseJson(path.join(fixtureDir, 'esbirka-valid.json'));
    expect(doc.externalId).toBe('5/1995 Sb.');
    expect(doc.metadata).toEqual({
      title: 'Ústava ukázkové republiky',
      kind: 'ústavní zákon',
      issuer: 'Česká národní rada',
      sourceSystem: 'e-sbirka',
      sourceIds: { file: 'esbirka-valid.json', esbirka_version: 'informativni-zneni' },
    });
    expect(doc.publishedDate).toBe('1995-02-02');
    expect(doc.effectiveDate).toBe('1996-01-01');
    expect(doc.versionDate).toBe('1996-01-01');
    expect(doc.languages).toEqual(['cs']);
    expect(doc.nodes.map((n) => n.path)).toEqual(['uvod', 'preambule', 'hlava-1', 'podpisy']);
    expect(findNode(doc, 'cl-1/odst-1')!.texts).toEqual([{ cs: 'Lid je zdrojem moci.' }]);
  });

  it('marks a Slovak act with sk texts and falls back to the adoption date', () => {
    const doc = parseJson(path.join(fixtureDir, 'esbirka-slovak.json'));
    expect(doc.languages).toEqual(['sk']);
    expect(findNode(doc, 'par-1/odst-1')!.texts[0]).toHaveProperty('sk');
    expect(doc.metadata.kind).toBe('ústavný zákon');
    expect(doc.metadata.title).toBe('Ústavný zákon o udelení štátneho občianstva');
    expect(doc.publishedDate).toBe('1930-07-01');
    expect(doc.versionDate).toBe('1930-07-01');
  });

  it('detects e-Sbírka JSON by content', () => {
    const head = readHead(path.join(fixtureDir, 'esbirka-valid.json'), 200);
    expect(esbirkaJsonParser.detect(head, 'x.json')).toBe(true);
    expect(esbirkaJsonParser.detect('{"segments": []}', 'x.json')).toBe(false);
    expect(esbirkaJsonParser.detect('---\ncitace: 1/1993 Sb.\n', 'x.md')).toBe(false);
  });

  it('reports invalid JSON with its line', () => {
    const file = path.join(fixtureDir, 'esbirka-invalid.json');
    const error = importErrorOf(() => parseFile(esbirkaJsonParser, file));
    expect(error.file).toBe(file);
    expect(error.place).toMatch(/^(line \d+|\$)$/);
    expect(error.reason).toMatch(/invalid JSON/);
  });

  it('reports a missing full_text by its JSON path', () => {
    const file = path.join(fixtureDir, 'esbirka-no-full-text.json');
    const error = importErrorOf(() => parseFile(esbirkaJsonParser, file));
    expect(error.place).toBe('$.extracted.full_text');
  });

  it('reports missing metadata and text without articles', () => {
    expect(importErrorOf(() => esbirkaJsonParser.parse('{"extracted": {"full_text": "§ 1"}}', 'a.json')).place).toBe(
      '$.metadata',
    );
    const prose = JSON.stringify({
      metadata: { number: '1', year: '2000' },
      extracted: { full_text: 'Jen text bez článků.' },
    });
    const error = importErrorOf(() => esbirkaJsonParser.parse(prose, 'b.json'));
    expect(error.place).toBe('$.extracted.full_text');
    expect(error.reason).toMatch(/no articles/);
  });
});

warnIfNoCorpus('e-Sbírka JSON corpus tests');

describe.skipIf(!hasCorpus)('esbirkaJsonParser on the real corpus (shared corpus)', () => {
  const files = hasCorpus ? listNames(corpusDir).filter((f) => f.endsWith('.json') && f !== 'summary.json') : [];

  it('finds the 37 acts', () => {
    expect(files).toHaveLength(37);
  });

  it.each(files)('%s parses with articles, unique paths and consistent metadata', (name) => {
    const doc = parseJson(path.join(corpusDir, name));
    const [number, year] = name.replace('.json', '').split('_');
    expect(doc.externalId).toBe(`${number}/${year} Sb.`);
    expect(flattenNodes(doc.nodes).filter((n) => n.nodeType === 'article').length).toBeGreaterThan(0);
    expectUniquePaths(doc);
    expect(doc.metadata.title.length).toBeGreaterThan(5);
    expect(doc.metadata.kind).toBeTruthy();
    expect(doc.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // versionDate is the effective date when stated (72/1947 even took effect retroactively).
    expect(doc.versionDate).toBe(doc.effectiveDate ?? doc.publishedDate);
    expect(esbirkaJsonParser.detect(readHead(path.join(corpusDir, name), 300), name)).toBe(true);
  });

  it('reads the 1993 Constitution: header, Čl. 1..113, Čl. 54, no Čl. 10a', () => {
    const doc = parseJson(path.join(corpusDir, '1_1993.json'));
    expect(doc.metadata).toMatchObject({
      title: 'Ústava České republiky',
      kind: 'ústavní zákon',
      issuer: 'Česká národní rada',
    });
    expect(doc.publishedDate).toBe('1992-12-16');
    expect(doc.versionDate).toBe('1993-01-01');
    const articles = flattenNodes(doc.nodes).filter((n) => n.nodeType === 'article');
    expect(articles.map((n) => n.citeKey)).toEqual(Array.from({ length: 113 }, (_, i) => `Čl. ${i + 1}`));
    expect(findNode(doc, 'cl-54')).toBeDefined();
    expect(findNode(doc, 'cl-10a')).toBeUndefined();
    expect(findNode(doc, 'hlava-3')).toMatchObject({ citeKey: 'Hlava 3', title: 'MOC VÝKONNÁ' });
    expect(findNode(doc, 'hlava-3')!.children.map((c) => c.path)).toContain('cl-54');
    expect(findNode(doc, 'preambule')!.texts[0]).toEqual({
      cs: 'My, občané České republiky v Čechách, na Moravě a ve Slezsku,',
    });
    expect(findNode(doc, 'cl-2/odst-1')!.texts).toEqual([
      {
        cs: 'Lid je zdrojem veškeré státní moci; vykonává ji prostřednictvím orgánů moci zákonodárné, výkonné a soudní.',
      },
    ]);
    const letters = findNode(doc, 'cl-25')!.children;
    expect(letters.map((c) => c.citeKey)).toEqual([
      'písm. a)',
      'písm. b)',
      'písm. c)',
      'písm. d)',
      'písm. e)',
      'písm. f)',
    ]);
  });

  it('reads a large act with ČÁST / HLAVA / Díl and § titles (284/2023)', () => {
    const doc = parseJson(path.join(corpusDir, '284_2023.json'));
    expect(doc.metadata.title).toBe('Zákon o preventivní restrukturalizaci');
    expect(findNode(doc, 'cast-2/hlava-1/dil-1')).toMatchObject({ nodeType: 'chapter', title: 'Obecná ustanovení' });
    expect(findNode(doc, 'par-1')).toMatchObject({ citeKey: '§ 1', title: 'Předmět úpravy' });
    expect(findNode(doc, 'par-121')!.title).toBe('Účinnost');
  });

  it('recognises the Slovak acts and Roman-numbered transitional articles', () => {
    expect(parseJson(path.join(corpusDir, '152_1926.json')).languages).toEqual(['sk']);
    expect(parseJson(path.join(corpusDir, '2_1993.json')).languages).toEqual(['cs']);
    const amending = parseJson(path.join(corpusDir, '72_1947.json'));
    expect(
      flattenNodes(amending.nodes)
        .filter((n) => n.nodeType === 'article')
        .map((n) => n.citeKey),
    ).toEqual(['Čl. I', 'Čl. II']);
    expect(amending.versionDate).toBe('1947-05-04');
  });

  it('reads the schedule and footnotes of 416/2023', () => {
    const doc = parseJson(path.join(corpusDir, '416_2023.json'));
    expect(doc.nodes.map((n) => n.path).slice(-3)).toEqual(['podpisy', 'priloha', 'poznamky']);
    expect(doc.versionDate).toBe('2023-12-31');
  });
});
