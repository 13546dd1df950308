// Unit tests of the shared Czech statute structure parser (paths, cite keys, nesting, quirks).

import { describe, expect, it } from 'vitest';
import type { ParsedNode } from '../../server/importers/model.js';
import {
  detectStatuteLanguage,
  findAdoptionDate,
  findEffectiveDate,
  flattenNodes,
  normalizeText,
  parseCzechOrdinal,
  parseCzechStructure,
  type StructureLine,
} from '../../server/importers/formats/czech-structure.js';
import { fixturePath, readText } from '../support/fixtures.js';
import { findNode } from '../support/parsed-documents.js';

function linesOf(text: string): StructureLine[] {
  return text.split('\n').map((t, i) => ({ text: t, line: i + 1 }));
}

function parse(text: string) {
  return parseCzechStructure(linesOf(text));
}

function textsOf(node: ParsedNode | undefined): string[] {
  return (node?.texts ?? []).map((t) => Object.values(t)[0]!);
}

describe('parseCzechOrdinal', () => {
  it.each([
    ['PRVNÍ', 1],
    ['první', 1],
    ['DRUHÁ', 2],
    ['TŘETÍ', 3],
    ['ČTVRTÁ', 4],
    ['OSMÁ', 8],
    ['I', 1],
    ['IV', 4],
    ['XII', 12],
    ['3', 3],
    ['DVACÁTÁ PRVNÍ', 21],
    ['tretia', 3],
  ])('%s → %i', (word, value) => {
    expect(parseCzechOrdinal(word)).toBe(value);
  });

  it('rejects ordinary words', () => {
    expect(parseCzechOrdinal('přiřazované daně')).toBeUndefined();
  });
});

describe('dates', () => {
  it('reads the adoption date in the Czech genitive', () => {
    expect(findAdoptionDate('ÚSTAVNÍ ZÁKON ze dne 16. prosince 1992')).toBe('1992-12-16');
    expect(findAdoptionDate('Ústavný zákon zo dňa 1. júla 1926')).toBe('1926-07-01');
  });

  it('reads the effective date of the act itself', () => {
    expect(findEffectiveDate('Tato Ústava nabývá účinnosti dnem 1. ledna 1993.')).toBe('1993-01-01');
    expect(findEffectiveDate('Tento zákon nabývá účinnosti dnem vyhlášení.')).toBeUndefined();
  });
});

describe('language detection', () => {
  it('tells Slovak from Czech by letters and function words', () => {
    expect(detectStatuteLanguage('Štátni občania, ktorí mali bydlište alebo sa zdržovali podľa ods. 2')).toBe('sk');
    expect(detectStatuteLanguage('Státní občané, kteří měli bydliště nebo se zdržovali podle odst. 2')).toBe('cs');
  });
});

describe('parseCzechStructure on a small statute', () => {
  const text = readText(fixturePath('czech', 'zakon-ukazka.txt'));
  const { nodes, language } = parse(text);
  const all = flattenNodes(nodes);

  it('builds ČÁST > HLAVA with ordinal words normalized to numbers', () => {
    const part = findNode(nodes, 'cast-1');
    expect(part).toMatchObject({ nodeType: 'part', rawType: 'ČÁST', citeKey: 'Část 1', title: 'OBECNÁ USTANOVENÍ' });
    expect(findNode(nodes, 'cast-1/hlava-1')).toMatchObject({
      nodeType: 'title',
      rawType: 'HLAVA',
      citeKey: 'Hlava 1',
      title: 'ÚVOD',
    });
    expect(findNode(nodes, 'cast-1/hlava-2')?.citeKey).toBe('Hlava 2');
    expect(findNode(nodes, 'cast-1/hlava-2/dil-1/oddil-1')).toMatchObject({ nodeType: 'section', rawType: 'Oddíl' });
  });

  it('gives articles a path of their own, not prefixed by the hierarchy', () => {
    const article = findNode(nodes, 'par-1');
    expect(article).toMatchObject({ nodeType: 'article', rawType: '§', citeKey: '§ 1', title: 'Předmět úpravy' });
    expect(findNode(nodes, 'cast-1/hlava-1')!.children.map((c) => c.path)).toEqual(['par-1', 'par-2']);
    expect(findNode(nodes, 'par-10a')).toMatchObject({ citeKey: '§ 10a' });
    expect(textsOf(findNode(nodes, 'par-10a/odst-1'))).toEqual(['Vložené ustanovení.']);
  });

  it('nests paragraphs, letters and points in order', () => {
    const paragraph = findNode(nodes, 'par-1/odst-2')!;
    expect(paragraph).toMatchObject({ nodeType: 'paragraph', rawType: 'odst.', citeKey: 'odst. 2' });
    expect(textsOf(paragraph)).toEqual(['Pravidla se vztahují na']);
    expect(paragraph.children.map((c) => c.citeKey)).toEqual(['písm. a)', 'písm. b)', 'písm. c)']);
    const letterB = findNode(nodes, 'par-1/odst-2/pism-b')!;
    expect(letterB).toMatchObject({ nodeType: 'clause', rawType: 'písm.' });
    expect(letterB.children.map((c) => [c.path, c.citeKey])).toEqual([
      ['par-1/odst-2/pism-b/bod-1', 'bod 1'],
      ['par-1/odst-2/pism-b/bod-2', 'bod 2'],
    ]);
    expect(textsOf(findNode(nodes, 'par-1/odst-2/pism-b/bod-1'))).toEqual(['podpřípad jedna,']);
  });

  it('keeps a § reference inside running text as text', () => {
    expect(textsOf(findNode(nodes, 'par-2'))).toEqual(['Tento zákon se použije též na § 5 zákona č. 1/2000 Sb.']);
    expect(findNode(nodes, 'par-5')).toBeUndefined();
  });

  it('keeps a quoted „§ 5 …“ inside an amending article as text of that article', () => {
    const amending = findNode(nodes, 'cl-i')!;
    expect(amending.citeKey).toBe('Čl. I');
    expect(textsOf(amending)).toEqual([
      'V zákoně č. 1/2000 Sb. se za § 4 vkládá nový § 5, který zní:',
      '„§ 5',
      '(1) Citovaný text novely.“',
    ]);
    expect(amending.children).toEqual([]);
    expect(findNode(nodes, 'cast-2')!.children.map((c) => c.path)).toEqual(['cl-i', 'cl-ii']);
  });

  it('puts the promulgation text, signatures, footnotes and schedule in their own nodes', () => {
    expect(nodes.map((n) => n.path)).toEqual(['uvod', 'cast-1', 'cast-2', 'podpisy', 'poznamky', 'priloha-1']);
    expect(textsOf(findNode(nodes, 'uvod'))[1]).toBe('ZÁKON');
    expect(textsOf(findNode(nodes, 'podpisy'))).toEqual(['Novák v. r.', 'Svoboda v. r.']);
    expect(textsOf(findNode(nodes, 'cl-ii'))).toEqual(['Tento zákon nabývá účinnosti dnem 1. července 2021.']);
    expect(findNode(nodes, 'priloha-1')).toMatchObject({
      nodeType: 'schedule',
      citeKey: 'Příloha 1',
      title: 'Seznam ukázek',
    });
  });

  it('writes every text as Czech and every path once', () => {
    expect(language).toBe('cs');
    expect(all.every((n) => n.texts.every((t) => Object.keys(t).join() === 'cs'))).toBe(true);
    const paths = all.map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((p) => /^[a-z0-9~/-]+$/.test(p))).toBe(true);
  });
});

describe('parseCzechStructure edge cases', () => {
  it('reads the preamble and HLAVA PRVNÍ → hlava-1', () => {
    const { nodes } = parse('PREAMBULE\nMy, občané,\nHLAVA PRVNÍ\nZÁKLADNÍ USTANOVENÍ\nČl. 1\nText.');
    expect(nodes[0]).toMatchObject({ nodeType: 'content', path: 'preambule', citeKey: 'Preambule' });
    expect(textsOf(nodes[0])).toEqual(['My, občané,']);
    expect(nodes[1]).toMatchObject({ path: 'hlava-1', title: 'ZÁKLADNÍ USTANOVENÍ' });
    expect(nodes[1]!.children[0]).toMatchObject({ path: 'cl-1', citeKey: 'Čl. 1' });
  });

  it('normalizes whitespace so tab-separated and single-spaced sources agree', () => {
    const a = parse('Čl. 2\n(1)\u00a0\u00a0\t Lid je   zdrojem moci.');
    const b = parse('Čl. 2\n(1) Lid je zdrojem moci.');
    expect(findNode(a.nodes, 'cl-2/odst-1')!.texts).toEqual(findNode(b.nodes, 'cl-2/odst-1')!.texts);
    expect(normalizeText('  a\t\u00a0b  ')).toBe('a b');
  });

  it('does not take a list lead-in for an article title', () => {
    const { nodes } = parse('Čl. 62\nPrezident republiky\na) jmenuje vládu,\nb) svolává sněmovnu.');
    expect(findNode(nodes, 'cl-62')!.title).toBeUndefined();
    expect(textsOf(findNode(nodes, 'cl-62'))).toEqual(['Prezident republiky']);
  });

  it('takes an unmarked heading right above an article as its title', () => {
    const { nodes } = parse('Čl. 53\nText.\nPrezident republiky\nČl. 54\n(1) Prezident je hlavou státu.');
    expect(textsOf(findNode(nodes, 'cl-53'))).toEqual(['Text.']);
    expect(findNode(nodes, 'cl-54')!.title).toBe('Prezident republiky');
  });

  it('drops a repealed article', () => {
    const { nodes } = parse('Čl. 102\nText.\nČl. 103\nzrušeno\n§ 4 zrušen\nČl. 104\nDalší.');
    expect(flattenNodes(nodes).map((n) => n.path)).toEqual(['cl-102', 'cl-104']);
  });

  it('suffixes a real duplicate path with ~2', () => {
    const { nodes } = parse('§ 11\nPrvní.\n§ 11\nDruhý.');
    expect(nodes.map((n) => n.path)).toEqual(['par-11', 'par-11~2']);
  });

  it('does not let a stray opening quote swallow the rest of the text', () => {
    const body = ['§ 1', 'Použij obrat „Prostřednictvím předsedajícího…"'];
    for (let i = 2; i < 500; i++) body.push(`§ ${i}`, 'Text.');
    const { nodes } = parse(body.join('\n'));
    expect(nodes.filter((n) => n.nodeType === 'article')).toHaveLength(499);
  });

  it('marks markdown group headings as heading nodes containing the following articles', () => {
    const { nodes } = parseCzechStructure([
      { text: 'Obecná část', line: 1, isHeading: true },
      { text: '§ 2 Úkoly', line: 2 },
      { text: '(1) Odbor plní úkoly.', line: 3 },
    ]);
    expect(nodes[0]).toMatchObject({ nodeType: 'heading', path: 'nadpis-obecna-cast', title: 'Obecná část' });
    expect(nodes[0]!.children[0]).toMatchObject({ path: 'par-2', title: 'Úkoly' });
  });
});
