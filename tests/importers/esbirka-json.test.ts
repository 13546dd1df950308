// Tests of the e-Sbírka JSON reader: small fixtures, malformed input, and the real corpus files.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportError, type ParsedDocument, type ParsedNode } from '../../server/importers/model.js';
import { esbirkaJsonParser } from '../../server/importers/formats/esbirka-json.js';
import { flattenNodes } from '../../server/importers/formats/czech-structure.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const fixtureDir = path.resolve(here, '../fixtures/importers/czech');
const corpusDir = path.resolve(repoRoot, '../shared/corpus/cz-esbirka-original-json');
const corpusExists = fs.existsSync(corpusDir);

function parseFile(file: string): ParsedDocument {
  const docs = esbirkaJsonParser.parse(fs.readFileSync(file, 'utf8'), file);
  expect(docs).toHaveLength(1);
  return docs[0]!;
}

function nodeAt(doc: ParsedDocument, p: string): ParsedNode | undefined {
  return flattenNodes(doc.nodes).find((n) => n.path === p);
}

function captureError(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('esbirkaJsonParser on fixtures', () => {
  it('reads metadata from the header and dates from the text', () => {
    const doc = parseFile(path.join(fixtureDir, 'esbirka-valid.json'));
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
    expect(nodeAt(doc, 'cl-1/odst-1')!.texts).toEqual([{ cs: 'Lid je zdrojem moci.' }]);
  });

  it('marks a Slovak act with sk texts and falls back to the adoption date', () => {
    const doc = parseFile(path.join(fixtureDir, 'esbirka-slovak.json'));
    expect(doc.languages).toEqual(['sk']);
    expect(nodeAt(doc, 'par-1/odst-1')!.texts[0]).toHaveProperty('sk');
    expect(doc.metadata.kind).toBe('ústavný zákon');
    expect(doc.metadata.title).toBe('Ústavný zákon o udelení štátneho občianstva');
    expect(doc.publishedDate).toBe('1930-07-01');
    expect(doc.versionDate).toBe('1930-07-01');
  });

  it('detects e-Sbírka JSON by content', () => {
    const head = fs.readFileSync(path.join(fixtureDir, 'esbirka-valid.json'), 'utf8').slice(0, 200);
    expect(esbirkaJsonParser.detect(head, 'x.json')).toBe(true);
    expect(esbirkaJsonParser.detect('{"segments": []}', 'x.json')).toBe(false);
    expect(esbirkaJsonParser.detect('---\ncitace: 1/1993 Sb.\n', 'x.md')).toBe(false);
  });

  it('reports invalid JSON with its line', () => {
    const file = path.join(fixtureDir, 'esbirka-invalid.json');
    const error = captureError(() => esbirkaJsonParser.parse(fs.readFileSync(file, 'utf8'), file));
    expect(error.file).toBe(file);
    expect(error.place).toMatch(/^(line \d+|\$)$/);
    expect(error.reason).toMatch(/invalid JSON/);
  });

  it('reports a missing full_text by its JSON path', () => {
    const file = path.join(fixtureDir, 'esbirka-no-full-text.json');
    const error = captureError(() => esbirkaJsonParser.parse(fs.readFileSync(file, 'utf8'), file));
    expect(error.place).toBe('$.extracted.full_text');
  });

  it('reports missing metadata and text without articles', () => {
    expect(captureError(() => esbirkaJsonParser.parse('{"extracted": {"full_text": "§ 1"}}', 'a.json')).place).toBe('$.metadata');
    const prose = JSON.stringify({ metadata: { number: '1', year: '2000' }, extracted: { full_text: 'Jen text bez článků.' } });
    const error = captureError(() => esbirkaJsonParser.parse(prose, 'b.json'));
    expect(error.place).toBe('$.extracted.full_text');
    expect(error.reason).toMatch(/no articles/);
  });
});

describe.skipIf(!corpusExists)(`esbirkaJsonParser on the real corpus (${corpusDir}; skipped when absent)`, () => {
  const files = corpusExists
    ? fs.readdirSync(corpusDir).filter((f) => f.endsWith('.json') && f !== 'summary.json').sort()
    : [];

  it('finds the 37 acts', () => {
    expect(files).toHaveLength(37);
  });

  it.each(files)('%s parses with articles, unique paths and consistent metadata', (name) => {
    const doc = parseFile(path.join(corpusDir, name));
    const [number, year] = name.replace('.json', '').split('_');
    expect(doc.externalId).toBe(`${number}/${year} Sb.`);
    const all = flattenNodes(doc.nodes);
    expect(all.filter((n) => n.nodeType === 'article').length).toBeGreaterThan(0);
    const paths = all.map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(doc.metadata.title.length).toBeGreaterThan(5);
    expect(doc.metadata.kind).toBeTruthy();
    expect(doc.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // versionDate is the effective date when stated (72/1947 even took effect retroactively).
    expect(doc.versionDate).toBe(doc.effectiveDate ?? doc.publishedDate);
    expect(esbirkaJsonParser.detect(fs.readFileSync(path.join(corpusDir, name), 'utf8').slice(0, 300), name)).toBe(true);
  });

  it('reads the 1993 Constitution: header, Čl. 1..113, Čl. 54, no Čl. 10a', () => {
    const doc = parseFile(path.join(corpusDir, '1_1993.json'));
    expect(doc.metadata).toMatchObject({ title: 'Ústava České republiky', kind: 'ústavní zákon', issuer: 'Česká národní rada' });
    expect(doc.publishedDate).toBe('1992-12-16');
    expect(doc.versionDate).toBe('1993-01-01');
    const articles = flattenNodes(doc.nodes).filter((n) => n.nodeType === 'article');
    expect(articles.map((n) => n.citeKey)).toEqual(Array.from({ length: 113 }, (_, i) => `Čl. ${i + 1}`));
    expect(nodeAt(doc, 'cl-54')).toBeDefined();
    expect(nodeAt(doc, 'cl-10a')).toBeUndefined();
    expect(nodeAt(doc, 'hlava-3')).toMatchObject({ citeKey: 'Hlava 3', title: 'MOC VÝKONNÁ' });
    expect(nodeAt(doc, 'hlava-3')!.children.map((c) => c.path)).toContain('cl-54');
    expect(nodeAt(doc, 'preambule')!.texts[0]).toEqual({ cs: 'My, občané České republiky v Čechách, na Moravě a ve Slezsku,' });
    expect(nodeAt(doc, 'cl-2/odst-1')!.texts).toEqual([
      { cs: 'Lid je zdrojem veškeré státní moci; vykonává ji prostřednictvím orgánů moci zákonodárné, výkonné a soudní.' },
    ]);
    const letters = nodeAt(doc, 'cl-25')!.children;
    expect(letters.map((c) => c.citeKey)).toEqual(['písm. a)', 'písm. b)', 'písm. c)', 'písm. d)', 'písm. e)', 'písm. f)']);
  });

  it('reads a large act with ČÁST / HLAVA / Díl and § titles (284/2023)', () => {
    const doc = parseFile(path.join(corpusDir, '284_2023.json'));
    expect(doc.metadata.title).toBe('Zákon o preventivní restrukturalizaci');
    expect(nodeAt(doc, 'cast-2/hlava-1/dil-1')).toMatchObject({ nodeType: 'chapter', title: 'Obecná ustanovení' });
    expect(nodeAt(doc, 'par-1')).toMatchObject({ citeKey: '§ 1', title: 'Předmět úpravy' });
    expect(nodeAt(doc, 'par-121')!.title).toBe('Účinnost');
  });

  it('recognises the Slovak acts and Roman-numbered transitional articles', () => {
    expect(parseFile(path.join(corpusDir, '152_1926.json')).languages).toEqual(['sk']);
    expect(parseFile(path.join(corpusDir, '2_1993.json')).languages).toEqual(['cs']);
    const amending = parseFile(path.join(corpusDir, '72_1947.json'));
    expect(flattenNodes(amending.nodes).filter((n) => n.nodeType === 'article').map((n) => n.citeKey)).toEqual(['Čl. I', 'Čl. II']);
    expect(amending.versionDate).toBe('1947-05-04');
  });

  it('reads the schedule and footnotes of 416/2023', () => {
    const doc = parseFile(path.join(corpusDir, '416_2023.json'));
    expect(doc.nodes.map((n) => n.path).slice(-3)).toEqual(['podpisy', 'priloha', 'poznamky']);
    expect(doc.versionDate).toBe('2023-12-31');
  });
});
