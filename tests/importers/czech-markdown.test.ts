// Tests of the Czech Markdown reader: fixtures, malformed front matter, the consolidated 2026
// Constitution against the 1993 e-Sbírka JSON, and the Pirate Party's dated rule versions.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../server/importers/model.js';
import { czechMarkdownParser } from '../../server/importers/formats/czech-markdown.js';
import { esbirkaJsonParser } from '../../server/importers/formats/esbirka-json.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { fixturePath, listNames, readText } from '../support/fixtures.js';
import {
  expectUniquePaths,
  findNode,
  flattenNodes,
  importErrorOf,
  parseFile,
  parseOne,
} from '../support/parsed-documents.js';

const fixtureDir = fixturePath('czech');
const constitutionMd = corpusPath('cz-consolidated-md', '1-1993.md');
const constitutionJson = corpusPath('cz-esbirka-original-json', '1_1993.json');
const pirateDir = corpusPath('cz-pirati-sbirka-versions');

const parseMd = (file: string): ParsedDocument => parseOne(czechMarkdownParser, file);

function articleKeys(doc: ParsedDocument): string[] {
  return flattenNodes(doc.nodes)
    .filter((n) => n.nodeType === 'article')
    .map((n) => n.citeKey!);
}

describe('czechMarkdownParser on fixtures', () => {
  it('reads a consolidated law: front matter, headings by text, bold titles and letters', () => {
    const doc = parseMd(path.join(fixtureDir, 'ustava-ukazka.md'));
    expect(doc.externalId).toBe('5/1995 Sb.');
    expect(doc.metadata).toMatchObject({
      title: 'Ústava ukázkové republiky',
      kind: 'ústavní zákon',
      issuer: 'Česká národní rada',
      sourceSystem: 'czech-law-md',
      sourceIds: { file: 'ustava-ukazka.md', eli: '/eli/cz/sb/1995/5/2020-05-01' },
    });
    expect(doc.publishedDate).toBe('1995-02-02');
    expect(doc.versionDate).toBe('2020-05-01');
    expect(doc.nodes.map((n) => n.path)).toEqual(['uvod', 'preambule', 'hlava-1', 'podpisy']);
    expect(findNode(doc, 'hlava-1')!.title).toBe('ZÁKLADY');
    expect(findNode(doc, 'hlava-1')!.children.map((c) => c.citeKey)).toEqual(['Čl. 1', 'Čl. 1a', 'Čl. 2']);
    const inserted = findNode(doc, 'cl-1a')!;
    expect(inserted.title).toBe('Nový článek');
    expect(inserted.texts).toEqual([{ cs: 'Vložený článek obsahuje' }]);
    expect(inserted.children.map((c) => [c.path, c.texts[0]])).toEqual([
      ['cl-1a/pism-a', { cs: 'první písmeno,' }],
      ['cl-1a/pism-b', { cs: 'druhé písmeno.' }],
    ]);
  });

  it('gives the Markdown and the JSON of the same law the same paths and texts', () => {
    const md = parseMd(path.join(fixtureDir, 'ustava-ukazka.md'));
    const jsonFile = path.join(fixtureDir, 'esbirka-valid.json');
    const [json] = parseFile(esbirkaJsonParser, jsonFile);
    for (const p of ['cl-1/odst-1', 'cl-1/odst-2', 'cl-2', 'preambule']) {
      expect(findNode(md, p)!.texts).toEqual(findNode(json!, p)!.texts);
    }
  });

  it('reads a Pirate rule: § headings with titles, group headings, links and bold stripped', () => {
    const file = path.join(fixtureDir, 'pravidla', 'stuo', '2015-03-01.md');
    const doc = czechMarkdownParser.parse(readText(path.join(fixtureDir, 'pravidla-ukazka.md')), file)[0]!;
    expect(doc.externalId).toBe('pirati/stuo');
    expect(doc.metadata).toMatchObject({
      title: 'Statut ukázkového odboru',
      kind: 'vnitřní předpis',
      issuer: 'republikový výbor',
      sourceSystem: 'pirati-sbirka',
    });
    expect(doc.versionDate).toBe('2015-03-02');
    expect(doc.publishedDate).toBe('2015-02-20');
    // '## Statut ukázkového odboru' repeats the name: it is metadata, not a node.
    expect(doc.nodes.map((n) => n.path)).toEqual(['par-1', 'nadpis-obecna-cast']);
    expect(findNode(doc, 'par-1')).toMatchObject({ citeKey: '§ 1', title: 'Působnost' });
    expect(findNode(doc, 'par-1')!.children.map((c) => c.citeKey)).toEqual(['písm. a)', 'písm. b)']);
    expect(findNode(doc, 'nadpis-obecna-cast')!.children.map((c) => c.path)).toEqual(['par-2']);
    expect(findNode(doc, 'par-2/odst-2')!.texts).toEqual([{ cs: 'Odbor zveřejňuje zprávy včas.' }]);
    // '§ 3 zrušen' is repealed: no node.
    expect(findNode(doc, 'par-3')).toBeUndefined();
  });

  it('detects front matter and Czech markers, not other formats', () => {
    expect(czechMarkdownParser.detect('---\ncitace: 1/1993 Sb.\nnazev: Ústava\n---\n', 'a.md')).toBe(true);
    expect(czechMarkdownParser.detect('---\ntyp: úplné znění\nzkratka: StTO\n---\n', 'a.md')).toBe(true);
    expect(czechMarkdownParser.detect('# Nadpis\n\n#### § 1 Působnost\n', 'a.md')).toBe(true);
    expect(czechMarkdownParser.detect('---\ntitle: Blog post\n---\nHello', 'a.md')).toBe(false);
    expect(czechMarkdownParser.detect('{"extracted": {"full_text": "§ 1"}}', 'a.json')).toBe(false);
  });

  it('reports front matter that is not valid YAML with its line', () => {
    const file = path.join(fixtureDir, 'bad-front-matter.md');
    const error = importErrorOf(() => parseMd(file));
    expect(error.file).toBe(file);
    expect(error.place).toMatch(/^line [2-4]$/);
    expect(error.reason).toMatch(/not valid YAML/);
  });

  it('reports an unclosed front matter, an empty body and unknown front matter', () => {
    expect(importErrorOf(() => czechMarkdownParser.parse('---\ncitace: 1/1993 Sb.\n', 'a.md')).place).toBe('line 1');
    const empty = importErrorOf(() => czechMarkdownParser.parse('---\ncitace: 1/1993 Sb.\n---\n\n  \n', 'b.md'));
    expect(empty.place).toBe('line 4');
    expect(empty.reason).toMatch(/no text/);
    expect(importErrorOf(() => czechMarkdownParser.parse('---\ntitle: x\n---\n§ 1\nText.', 'c.md')).reason).toMatch(
      /citace/,
    );
  });
});

warnIfNoCorpus('Czech Markdown corpus tests');

describe.skipIf(!hasCorpus)('the 2026 consolidated Constitution vs the 1993 original (shared corpus)', () => {
  const md = hasCorpus ? parseMd(constitutionMd) : undefined;
  const json = hasCorpus ? parseFile(esbirkaJsonParser, constitutionJson)[0] : undefined;

  it('reads the front matter', () => {
    expect(md!.externalId).toBe('1/1993 Sb.');
    expect(md!.externalId).toBe(json!.externalId);
    expect(md!.metadata).toMatchObject({
      title: 'Ústava České republiky',
      kind: 'ústavní zákon',
      sourceSystem: 'czech-law-md',
    });
    expect(md!.versionDate).toBe('2026-01-01');
    expect(md!.publishedDate).toBe('1992-12-16');
  });

  it('has Čl. 10a and 10b and no repealed Čl. 103', () => {
    const keys = articleKeys(md!);
    expect(keys).toContain('Čl. 10a');
    expect(keys).toContain('Čl. 10b');
    expect(keys).not.toContain('Čl. 103');
    expect(keys).toHaveLength(114);
    expect(
      findNode(md!, 'hlava-1')!
        .children.map((c) => c.path)
        .slice(9, 13),
    ).toEqual(['cl-10', 'cl-10a', 'cl-10b', 'cl-11']);
    expectUniquePaths(md!);
  });

  it('gives unchanged provisions the same path and text in both versions', () => {
    for (const p of ['cl-2/odst-1', 'cl-2/odst-4', 'cl-3', 'cl-25/pism-f', 'cl-113', 'preambule', 'podpisy']) {
      expect(findNode(md!, p), p).toBeDefined();
      expect(findNode(md!, p)!.texts, p).toEqual(findNode(json!, p)!.texts);
    }
    expect(findNode(md!, 'cl-2/odst-1')!.texts).toEqual([
      {
        cs: 'Lid je zdrojem veškeré státní moci; vykonává ji prostřednictvím orgánů moci zákonodárné, výkonné a soudní.',
      },
    ]);
    // The heading 'Prezident republiky' sits above Čl. 54 in 1993 and below it in 2026.
    expect(findNode(md!, 'cl-54')!.title).toBe('Prezident republiky');
    expect(findNode(json!, 'cl-54')!.title).toBe('Prezident republiky');
  });

  it('shows the real amendments as different texts', () => {
    expect(findNode(md!, 'cl-54/odst-2')!.texts).toEqual([{ cs: 'Prezident republiky je volen v přímých volbách.' }]);
    expect(findNode(json!, 'cl-54/odst-2')!.texts).not.toEqual(findNode(md!, 'cl-54/odst-2')!.texts);
  });
});

describe.skipIf(!hasCorpus)('the Pirate Party rules (shared corpus)', () => {
  const folders = hasCorpus ? listNames(pirateDir) : [];
  const filesOf = (folder: string) =>
    listNames(path.join(pirateDir, folder)).map((f) => path.join(pirateDir, folder, f));

  it.each(folders)('%s: every version parses, shares one externalId, has unique paths', (folder) => {
    const docs = filesOf(folder).map(parseMd);
    expect(new Set(docs.map((d) => d.externalId))).toEqual(new Set([`pirati/${folder.toLowerCase()}`]));
    for (const doc of docs) {
      expect(doc.metadata.sourceSystem).toBe('pirati-sbirka');
      expect(doc.versionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.nodes.length).toBeGreaterThan(0);
      expectUniquePaths(doc);
    }
  });

  it('stto: 14 versions with distinct versionDates, § articles, and a repealed last version', () => {
    const docs = filesOf('stto').map(parseMd);
    expect(docs).toHaveLength(14);
    expect(new Set(docs.map((d) => d.versionDate)).size).toBe(14);
    const first = docs[0]!;
    expect(articleKeys(first).slice(0, 3)).toEqual(['§ 1', '§ 2', '§ 3']);
    expect(findNode(first, 'par-1')!.title).toBe('Působnost technického odboru');
    expect(findNode(first, 'par-2/odst-3')!.children.map((c) => c.citeKey)).toEqual(['písm. a)', 'písm. b)']);
    // The 2017 file only says 'zrušen': one content node, no articles.
    const repealed = docs.at(-1)!;
    expect(repealed.nodes).toEqual([
      { nodeType: 'content', rawType: 'úvod', citeKey: 'Úvod', path: 'uvod', texts: [{ cs: 'zrušen' }], children: [] },
    ]);
  });

  it('jrrv: an indented (1) under a letter is a point of that letter, not a new paragraph', () => {
    const doc = parseMd(path.join(pirateDir, 'jrrv/2014-02-02.md'));
    const letterD = findNode(doc, 'par-6/odst-1/pism-d')!;
    expect(letterD.children.map((c) => c.citeKey)).toEqual(['bod 1', 'bod 2', 'bod 3', 'bod 4']);
    expect(findNode(doc, 'par-6/odst-1~2')).toBeUndefined();
  });
});
