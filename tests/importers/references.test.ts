import { describe, expect, it } from 'vitest';
import type { ParsedNode } from '../../server/importers/model.js';
import { buildReferenceIndex, findReferences, type ReferenceSpan } from '../../server/importers/references.js';

// ---- tree builders -------------------------------------------------------------------------

function node(nodeType: string, citeKey: string | undefined, path: string, children: ParsedNode[] = []): ParsedNode {
  return { nodeType, rawType: nodeType, citeKey, path, texts: [{ cs: 'text' }], children };
}

const letters = (parent: string, keys: string[], cite: (key: string) => string, prefix: string): ParsedNode[] =>
  keys.map((key) => node('clause', cite(key), `${parent}/${prefix}-${key}`));

/** Czech act: § 10, § 10a (odst. 1–3; odst. 3 has písm. a)–c); písm. b) has bod 1–2), § 11 (letters only). */
const CZECH_ACT: ParsedNode[] = [
  node('part', 'Část 1', 'cast-1', [
    node('title', 'Hlava 1', 'cast-1/hlava-1', [
      node('article', '§ 10', 'par-10', [node('content', undefined, 'par-10/text')]),
      node('article', '§ 10a', 'par-10a', [
        node('paragraph', 'odst. 1', 'par-10a/odst-1'),
        node('paragraph', 'odst. 2', 'par-10a/odst-2'),
        node('paragraph', 'odst. 3', 'par-10a/odst-3', [
          node('clause', 'písm. a)', 'par-10a/odst-3/pism-a'),
          node(
            'clause',
            'písm. b)',
            'par-10a/odst-3/pism-b',
            letters('par-10a/odst-3/pism-b', ['1', '2'], (k) => `bod ${k}`, 'bod'),
          ),
          node('clause', 'písm. c)', 'par-10a/odst-3/pism-c'),
        ]),
      ]),
      node(
        'article',
        '§ 11',
        'par-11',
        letters('par-11', ['a', 'b'], (k) => `písm. ${k})`, 'pism'),
      ),
      // A later article with a number already used (a quoted amendment): the first one wins.
      node('article', '§ 10', 'quoted/par-10'),
    ]),
  ]),
  node(
    'schedule',
    'Příloha 1',
    'priloha-1',
    letters('priloha-1', ['1', '2'], (k) => `${k}.`, 'bod'),
  ),
];

/** Constitution: Čl. 1, Čl. 54 with '(1)'–'(3)' paragraphs, Čl. 55; an amending Čl. I with points '1.', '2.'. */
const CONSTITUTION: ParsedNode[] = [
  node('title', 'Hlava 1', 'hlava-1', [node('article', 'Čl. 1', 'cl-1')]),
  node('title', 'Hlava 3', 'hlava-3', [
    node(
      'article',
      'Čl. 54',
      'hlava-3/cl-54',
      ['1', '2', '3'].map((n) => node('paragraph', `(${n})`, `hlava-3/cl-54/odst-${n}`)),
    ),
    node('article', 'Čl. 55', 'hlava-3/cl-55'),
  ]),
  node(
    'article',
    'Čl. I',
    'cl-I',
    letters('cl-I', ['1', '2'], (k) => `${k}.`, 'bod'),
  ),
];

/** EU act in Akoma Ntoso style: Article 5 with paragraphs '1.', '2.' and points '(a)', '(b)'. */
const EU_ACT: ParsedNode[] = [
  node('chapter', 'CHAPTER 1', 'chp_1', [
    node('article', 'Article 4', 'art_4'),
    node('article', 'Article 5', 'art_5', [
      node('paragraph', '1.', 'art_5__para_1', [
        node('akn:point', '(a)', 'art_5__para_1__point_a'),
        node('akn:point', '(b)', 'art_5__para_1__point_b'),
      ]),
      node('paragraph', '2.', 'art_5__para_2', [node('content', undefined, 'art_5__para_2__content')]),
    ]),
    node('article', 'Article 6', 'art_6'),
  ]),
];

const GERMAN_ACT: ParsedNode[] = [
  node('article', '§ 3', 'para-3', [
    node('paragraph', '(1)', 'para-3/abs-1'),
    node('paragraph', '(2)', 'para-3/abs-2'),
  ]),
  node('article', 'Artikel 1', 'art-1'),
];

const ITALIAN_ACT: ParsedNode[] = [
  node('article', 'Art. 12', 'art_12', [
    node('paragraph', '1.', 'art_12__para_1'),
    node('paragraph', '2.', 'art_12__para_2'),
  ]),
  node('article', 'Art. 12-bis', 'art_12bis'),
];

const FRENCH_ACT: ParsedNode[] = [node('article', 'Article 5', 'art_5', [node('paragraph', '1', 'art_5__al_1')])];

const czech = buildReferenceIndex(CZECH_ACT);
const constitution = buildReferenceIndex(CONSTITUTION);
const eu = buildReferenceIndex(EU_ACT);

// ---- helpers -------------------------------------------------------------------------------

/** The expected span for the n-th occurrence of `citation` in `text`. */
function span(
  text: string,
  citation: string,
  targetPath: string | null,
  external = false,
  occurrence = 1,
): ReferenceSpan {
  let start = -1;
  for (let i = 0; i < occurrence; i++) start = text.indexOf(citation, start + 1);
  if (start < 0) throw new Error(`test bug: '${citation}' not in '${text}'`);
  return { start, end: start + citation.length, citation, targetPath, external };
}

const citations = (spans: ReferenceSpan[]): string[] => spans.map((s) => s.citation);

// ---- Czech ---------------------------------------------------------------------------------

describe('Czech references', () => {
  const find = (text: string, context = 'par-10') => findReferences(text, 'cs', context, czech);

  it('finds a plain § reference with exact offsets', () => {
    expect(find('Podle § 10 se postupuje.')).toEqual([
      { start: 6, end: 10, citation: '§ 10', targetPath: 'par-10', external: false },
    ]);
  });

  it('resolves § with letter suffix, paragraph, letter and point', () => {
    const text = 'podle § 10a, § 10a odst. 2, § 10a odst. 3 písm. b) a § 10a odst. 3 písm. b) bodu 2';
    expect(find(text)).toEqual([
      span(text, '§ 10a', 'par-10a'),
      span(text, '§ 10a odst. 2', 'par-10a/odst-2'),
      span(text, '§ 10a odst. 3 písm. b)', 'par-10a/odst-3/pism-b'),
      span(text, '§ 10a odst. 3 písm. b) bodu 2', 'par-10a/odst-3/pism-b/bod-2'),
    ]);
  });

  it('resolves a letter directly under an article without paragraphs', () => {
    const text = 'podle § 11 písm. b)';
    expect(find(text)).toEqual([span(text, '§ 11 písm. b)', 'par-11/pism-b')]);
  });

  it('takes the first article in document order when a number repeats', () => {
    expect(find('viz § 10')[0]?.targetPath).toBe('par-10');
  });

  it('reads a range as one span targeting its first unit', () => {
    const text = 'podle § 10 až 11 a §§ 10 až 10a';
    expect(find(text)).toEqual([span(text, '§ 10 až 11', 'par-10'), span(text, '§§ 10 až 10a', 'par-10')]);
  });

  it('splits lists into one span per item, keeping the enclosing parts', () => {
    const text = 'podle § 10a odst. 1 a 2 a § 10a odst. 3 písm. a), b) nebo c)';
    expect(find(text)).toEqual([
      span(text, '§ 10a odst. 1', 'par-10a/odst-1'),
      span(text, '2', 'par-10a/odst-2'),
      span(text, '§ 10a odst. 3 písm. a)', 'par-10a/odst-3/pism-a'),
      span(text, 'b)', 'par-10a/odst-3/pism-b'),
      span(text, 'c)', 'par-10a/odst-3/pism-c'),
    ]);
  });

  it('continues an elliptical list under the same article', () => {
    const text = 'podle § 10a odst. 1 a odst. 3 písm. c)';
    expect(find(text)).toEqual([
      span(text, '§ 10a odst. 1', 'par-10a/odst-1'),
      span(text, 'odst. 3 písm. c)', 'par-10a/odst-3/pism-c'),
    ]);
  });

  it('resolves čl. with inflected and plural forms and Roman numbers', () => {
    const text = 'podle čl. 54, Čl. 54 odst. 2, článku 55, článků 54 a 55 a čl. I';
    expect(findReferences(text, 'cs', 'cl-1', constitution)).toEqual([
      span(text, 'čl. 54', 'hlava-3/cl-54'),
      span(text, 'Čl. 54 odst. 2', 'hlava-3/cl-54/odst-2'),
      span(text, 'článku 55', 'hlava-3/cl-55'),
      span(text, 'článků 54', 'hlava-3/cl-54'),
      span(text, '55', 'hlava-3/cl-55', false, 2),
      span(text, 'čl. I', 'cl-I'),
    ]);
  });

  it('resolves as deep as the tree goes (missing paragraph → the article)', () => {
    const text = 'podle čl. 54 odst. 9 a § 10a odst. 3 písm. x)';
    expect(findReferences(text, 'cs', 'cl-1', constitution)[0]).toEqual(span(text, 'čl. 54 odst. 9', 'hlava-3/cl-54'));
    expect(find(text)[1]).toEqual(span(text, '§ 10a odst. 3 písm. x)', 'par-10a/odst-3'));
  });

  it('gives null for an article the document does not have', () => {
    const text = 'podle § 99 odst. 1 a čl. 200';
    expect(find(text)).toEqual([span(text, '§ 99 odst. 1', null), span(text, 'čl. 200', null)]);
  });

  it('accepts non-breaking spaces and Slovak forms', () => {
    const text = 'podľa § 10a ods. 2 a odseku 1';
    expect(findReferences(text, 'sk', 'par-10a/odst-3', czech)).toEqual([
      span(text, '§ 10a ods. 2', 'par-10a/odst-2'),
      span(text, 'odseku 1', 'par-10a/odst-1'),
    ]);
    const nbsp = 'podle §\u00a010a odst.\u00a02';
    expect(find(nbsp)).toEqual([span(nbsp, '§\u00a010a odst.\u00a02', 'par-10a/odst-2')]);
  });
});

describe('Czech relative references', () => {
  const find = (text: string, context: string) => findReferences(text, 'cs', context, czech);

  it('resolves paragraphs within the article of the context', () => {
    const text = 'Ve lhůtě podle odstavce 1 nebo v případě uvedeném v odstavci 2';
    expect(find(text, 'par-10a/odst-3/pism-a')).toEqual([
      span(text, 'odstavce 1', 'par-10a/odst-1'),
      span(text, 'odstavci 2', 'par-10a/odst-2'),
    ]);
  });

  it('resolves letters within the paragraph of the context, and points within the letter', () => {
    const text = 'podle písmene a) nebo písm. c) a bodu 1';
    expect(find(text, 'par-10a/odst-3/pism-b/bod-2')).toEqual([
      span(text, 'písmene a)', 'par-10a/odst-3/pism-a'),
      span(text, 'písm. c)', 'par-10a/odst-3/pism-c'),
      span(text, 'bodu 1', 'par-10a/odst-3/pism-b/bod-1'),
    ]);
  });

  it('resolves a relative chain with letter and point', () => {
    const text = 'podle odstavce 3 písm. b) bodu 2';
    expect(find(text, 'par-10a/odst-1')).toEqual([span(text, text.slice(6), 'par-10a/odst-3/pism-b/bod-2')]);
  });

  it('resolves points of an annex relative to the annex', () => {
    expect(find('podle bodu 2', 'priloha-1/bod-1')[0]?.targetPath).toBe('priloha-1/bod-2');
  });

  it('falls back to the implied scope when the number is missing, and to null outside any article', () => {
    const text = 'podle odstavce 7';
    expect(find(text, 'par-10a/odst-1')).toEqual([span(text, 'odstavce 7', 'par-10a')]);
    expect(find('podle písmene z)', 'par-10a/odst-3/pism-a')[0]?.targetPath).toBe('par-10a/odst-3');
    expect(find(text, 'cast-1')).toEqual([span(text, 'odstavce 7', null)]);
    expect(find(text, 'no/such/path')[0]?.targetPath).toBeNull();
  });

  it('resolves a content node under an article via its article', () => {
    expect(find('podle odstavce 1', 'par-10/text')[0]?.targetPath).toBe('par-10');
  });

  it('resolves relative references in a constitution with (n) paragraph keys', () => {
    const text = 'podle odstavců 1 a 3';
    expect(findReferences(text, 'cs', 'hlava-3/cl-54/odst-2', constitution)).toEqual([
      span(text, 'odstavců 1', 'hlava-3/cl-54/odst-1'),
      span(text, '3', 'hlava-3/cl-54/odst-3'),
    ]);
  });

  it('resolves "bod" within a Roman article with numbered points', () => {
    expect(findReferences('Bod 2 se zrušuje.', 'cs', 'cl-I/bod-1', constitution)[0]?.targetPath).toBe('cl-I/bod-2');
  });
});

describe('Czech external references', () => {
  const find = (text: string) => findReferences(text, 'cs', 'par-10', czech);

  it('marks references followed by another act as external, with a null target', () => {
    const text = 'podle § 10 zákona č. 89/2012 Sb. a § 11 občanského zákoníku';
    expect(find(text)).toEqual([span(text, '§ 10', null, true), span(text, '§ 11', null, true)]);
  });

  it('covers "zákona o", EU regulations, the Charter and bare Sb. numbers', () => {
    const text =
      'v rozporu s § 10 odst. 4 zákona o insolvenčních správcích; čl. 4 odst. 1 bodu 7 nařízení (EU) č. 575/2013; ' +
      'čl. 3 Listiny; § 5 zák. č. 1/1993 Sb.';
    expect(find(text)).toEqual([
      span(text, '§ 10 odst. 4', null, true),
      span(text, 'čl. 4 odst. 1 bodu 7', null, true),
      span(text, 'čl. 3', null, true),
      span(text, '§ 5', null, true),
    ]);
  });

  it('accepts two adjectives before the act noun', () => {
    const text = 'pouze za podmínek uvedených v § 10a písm. a) až c) a f) občanského soudního řádu.';
    expect(find(text)).toEqual([span(text, '§ 10a písm. a) až c)', null, true), span(text, 'f)', null, true)]);
  });

  it('carries the qualifier back over a list of articles', () => {
    const text = 'postupuje podle § 3 odst. 3 a § 15 odst. 1 zákona č. 168/1999 Sb., ve znění';
    expect(find(text)).toEqual([span(text, '§ 3 odst. 3', null, true), span(text, '§ 15 odst. 1', null, true)]);
  });

  it('keeps "tohoto zákona" and unrelated words internal', () => {
    const text = 'podle § 10 tohoto zákona a § 11 písm. a) a podle vyhlášky č. 5/2001 Sb., kterou zákon stanoví';
    expect(find(text)).toEqual([span(text, '§ 10', 'par-10'), span(text, '§ 11 písm. a)', 'par-11/pism-a')]);
  });

  it('does not pass the qualifier to relative references', () => {
    const text = 'podle odstavce 2 a § 5 zákona č. 1/1993 Sb.';
    expect(findReferences(text, 'cs', 'par-10a/odst-1', czech)).toEqual([
      span(text, 'odstavce 2', 'par-10a/odst-2'),
      span(text, '§ 5', null, true),
    ]);
  });
});

describe('texts without references', () => {
  const none = [
    'ze dne 16. prosince 1992',
    'Zákon nabývá účinnosti dnem 1. ledna 1993.',
    'zákon č. 1/1993 Sb., Ústava České republiky',
    '(1) Lid je zdrojem veškeré státní moci.',
    'a) svolává zasedání Poslanecké sněmovny, 3 dny, 25 000 Kč',
    'znak § bez čísla, § a odstavce',
    'čl. 4/2001 a odst. 1.1.2020',
    'svobodu 3 lidí, bodový systém 5',
  ];
  it.each(none)('finds nothing in %j', (text) => {
    expect(findReferences(text, 'cs', 'par-10', czech)).toEqual([]);
  });

  it('finds nothing in English text without keywords', () => {
    expect(
      findReferences('(a) on 1 January 2020, 2. the Member States, Regulation (EU) No 1/2003', 'en', 'art_5', eu),
    ).toEqual([]);
  });
});

// ---- English -------------------------------------------------------------------------------

describe('English references', () => {
  const find = (text: string, context = 'art_4') => findReferences(text, 'en', context, eu);

  it('resolves Article, Article(n) and Article(n)(x)', () => {
    const text = 'Article 5, Article 5(1), Article 5(1)(b), Article 5(2)(z), Article 9(1), Art. 6';
    expect(find(text)).toEqual([
      span(text, 'Article 5', 'art_5'),
      span(text, 'Article 5(1)', 'art_5__para_1'),
      span(text, 'Article 5(1)(b)', 'art_5__para_1__point_b'),
      span(text, 'Article 5(2)(z)', 'art_5__para_2'),
      span(text, 'Article 9(1)', null),
      span(text, 'Art. 6', 'art_6'),
    ]);
  });

  it('splits "Articles 5 and 6" and glued lists "Article 5(1) and (2)"', () => {
    const text = 'Articles 5 and 6 and Article 5(1) and (2); Articles 4 to 6';
    expect(find(text)).toEqual([
      span(text, 'Articles 5', 'art_5'),
      span(text, '6', 'art_6'),
      span(text, 'Article 5(1)', 'art_5__para_1'),
      span(text, '(2)', 'art_5__para_2'),
      span(text, 'Articles 4 to 6', 'art_4'),
    ]);
  });

  it('resolves relative paragraphs and points, also in the "of" form', () => {
    const text = 'referred to in paragraph 1, point (b) of paragraph 1 and points (a) and (b)';
    expect(find(text, 'art_5__para_2__content')).toEqual([
      span(text, 'paragraph 1', 'art_5__para_1'),
      span(text, 'point (b) of paragraph 1', 'art_5__para_1__point_b'),
      span(text, 'points (a)', 'art_5__para_2'), // para 2 has no points: the deepest existing unit
      span(text, '(b)', 'art_5__para_2', false, 2),
    ]);
    const inPara1 = 'points (a) and (b)';
    expect(find(inPara1, 'art_5__para_1__point_a')).toEqual([
      span(inPara1, 'points (a)', 'art_5__para_1__point_a'),
      span(inPara1, '(b)', 'art_5__para_1__point_b'),
    ]);
  });

  it('resolves "point (a) of Article 5(1)" and "paragraph 2 of Article 5"', () => {
    const text = 'point (a) of Article 5(1) and paragraph 2 of Article 5';
    expect(find(text)).toEqual([
      span(text, 'point (a) of Article 5(1)', 'art_5__para_1__point_a'),
      span(text, 'paragraph 2 of Article 5', 'art_5__para_2'),
    ]);
  });

  it('resolves the agreement style "Article 5, paragraph 1(b)"', () => {
    const text = 'pursuant to Article 5, paragraph 1(b).';
    expect(find(text)).toEqual([span(text, 'Article 5, paragraph 1(b)', 'art_5__para_1__point_b')]);
  });

  it('marks references into other acts as external', () => {
    const text =
      'Article 5 of Regulation (EU) No 1234/2013, Article 6(1) of Directive 2014/92/EU, Article 77 of the Convention, ' +
      'Articles 4 and 5 thereof, Article 4 TFEU, Article 7 of the 1995 Agreement';
    expect(find(text)).toEqual([
      span(text, 'Article 5', null, true),
      span(text, 'Article 6(1)', null, true),
      span(text, 'Article 77', null, true),
      span(text, 'Articles 4', null, true),
      span(text, '5', null, true, 2),
      span(text, 'Article 4', null, true),
      span(text, 'Article 7', null, true, 2),
    ]);
  });

  it('reads dotted article numbers of trade agreements and the qualifier after an "of" part', () => {
    const text = 'the body referred to in paragraph 2 of Article 21.25 of the Agreement';
    expect(find(text)).toEqual([span(text, 'paragraph 2 of Article 21.25', null, true)]);
  });

  it('keeps "of this Regulation" and "of Annex I" internal', () => {
    const text = 'Article 5 of this Regulation and Article 6 of Annex I';
    expect(find(text)).toEqual([span(text, 'Article 5', 'art_5'), span(text, 'Article 6', 'art_6')]);
  });

  it('does not read a following "to" without a number as a range', () => {
    const text = 'pursuant to Article 5 to present the results';
    expect(find(text)).toEqual([span(text, 'Article 5', 'art_5')]);
  });
});

// ---- German, Italian, French -----------------------------------------------------------------

describe('German, Italian and French references', () => {
  it('German: § N, § N Abs. M (with Satz), Artikel N, external BGB and "des Gesetzes"', () => {
    const index = buildReferenceIndex(GERMAN_ACT);
    const text = 'nach § 3, § 3 Abs. 2 Satz 1, Artikel 1, nach Absatz 1, § 823 BGB und § 3 des Gesetzes';
    expect(findReferences('Verordnung (EG) Nr. 1234/2007, Nr. 5', 'de', 'para-3', index)).toEqual([]);
    expect(findReferences(text, 'de', 'para-3/abs-2', index)).toEqual([
      span(text, '§ 3', 'para-3'),
      span(text, '§ 3 Abs. 2 Satz 1', 'para-3/abs-2'),
      span(text, 'Artikel 1', 'art-1'),
      span(text, 'Absatz 1', 'para-3/abs-1'),
      span(text, '§ 823', null, true),
      span(text, '§ 3', null, true, 3),
    ]);
  });

  it('Italian: articolo, art., comma (relative and "dell\'articolo"), bis numbers, external legge', () => {
    const index = buildReferenceIndex(ITALIAN_ACT);
    const text =
      "l'articolo 12, comma 2, art. 12-bis, il comma 1, il comma 2 dell'articolo 12 e l'articolo 5 della legge n. 633";
    expect(findReferences(text, 'it', 'art_12__para_2', index)).toEqual([
      span(text, 'articolo 12, comma 2', 'art_12__para_2'),
      span(text, 'art. 12-bis', 'art_12bis'),
      span(text, 'comma 1', 'art_12__para_1'),
      span(text, "comma 2 dell'articolo 12", 'art_12__para_2'),
      span(text, 'articolo 5', null, true),
    ]);
  });

  it('French: article N, alinéa, external code', () => {
    const index = buildReferenceIndex(FRENCH_ACT);
    const text = "l'article 5, l'alinéa 1 de l'article 5 et l'article 1240 du code civil";
    expect(findReferences(text, 'fr', 'art_5', index)).toEqual([
      span(text, 'article 5', 'art_5'),
      span(text, "alinéa 1 de l'article 5", 'art_5__al_1'),
      span(text, 'article 1240', null, true),
    ]);
  });

  it('treats a language tag with a region like its language', () => {
    expect(citations(findReferences('Article 5(1)', 'EN-GB', 'art_4', eu))).toEqual(['Article 5(1)']);
    expect(citations(findReferences('čl. 54', 'CS-01', 'cl-1', constitution))).toEqual(['čl. 54']);
  });
});

// ---- invariants and real text ----------------------------------------------------------------

describe('span invariants', () => {
  it('returns sorted, non-overlapping spans whose citation is the text slice', () => {
    const text =
      'podle čl. 63 odst. 1 písm. a), b), c), d), e), h), i), j), čl. 63 odst. 2 předsedovi vlády; podle odstavce 1 písm. a) nebo b), ' +
      'odstavce 1 písm. c) bodu 1 nebo odstavce 1 písm. d), nebo § 21 až 23';
    const spans = findReferences(text, 'cs', 'par-10a/odst-2', czech);
    expect(spans.length).toBe(14);
    for (let i = 0; i < spans.length; i++) {
      const current = spans[i]!;
      expect(current.citation).toBe(text.slice(current.start, current.end));
      if (i > 0) expect(current.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });

  it('builds an index from an empty document and finds unresolved references', () => {
    const empty = buildReferenceIndex([]);
    expect(findReferences('§ 1 odst. 2', 'cs', '', empty)).toEqual([
      { start: 0, end: 11, citation: '§ 1 odst. 2', targetPath: null, external: false },
    ]);
  });
});

// Sentences quoted from the corpus (/work/shared/corpus): 1/1993 Sb., 30/2024 Sb., 284/2023 Sb.,
// 416/2023 Sb. (e-Sbírka) and DGT-TM 22019A0315(01).
describe('real text', () => {
  const cases: Array<[string, string, string[]]> = [
    [
      'cs',
      'přísluší výkon funkcí podle čl. 63 odst. 1 písm. a), b), c), d), e), h), i), j), čl. 63 odst. 2 předsedovi vlády.',
      ['čl. 63 odst. 1 písm. a)', 'b)', 'c)', 'd)', 'e)', 'h)', 'i)', 'j)', 'čl. 63 odst. 2'],
    ],
    [
      'cs',
      'Rozhodnutí prezidenta republiky vydané podle odstavců 1 a 2 vyžaduje ke své platnosti spolupodpis předsedy vlády.',
      ['odstavců 1', '2'],
    ],
    [
      'cs',
      'Ministerstvo vnitra, jde-li o vozidlo vyňaté z pojištění odpovědnosti podle odstavce 1 písm. a) nebo b), odstavce 1 písm. c) bodu 1 nebo odstavce 1 písm. d), nebo',
      ['odstavce 1 písm. a)', 'b)', 'odstavce 1 písm. c) bodu 1', 'odstavce 1 písm. d)'],
    ],
    [
      'cs',
      'v rozporu s § 36 odst. 4 zákona o insolvenčních správcích neposkytne požadovanou součinnost.',
      ['§ 36 odst. 4'],
    ],
    [
      'cs',
      'Vyplývá-li z postupu podle § 21 až 23, že je členská entita ze 2 států, které mají uzavřenou mezinárodní smlouvu',
      ['§ 21 až 23'],
    ],
    [
      'en',
      'A Party may authorize vessels entitled to fly its flag to carry out exploratory fishing in the Agreement Area only pursuant to conservation and management measures established by the Parties on the basis of Article 5, paragraph 1(d).',
      ['Article 5, paragraph 1(d)'],
    ],
    [
      'en',
      'Having regard to the Economic Partnership Agreement between the European Union and its Member States, of the one part, and the SADC EPA States, of the other part (‘the Agreement’), and in particular Articles 94, 100, 103 and 104 thereof,',
      ['Articles 94', '100', '103', '104'],
    ],
  ];
  it.each(cases)('%s: %s', (lang, text, expected) => {
    expect(citations(findReferences(text, lang, 'par-10', czech))).toEqual(expected);
  });

  it('marks the external Sb. reference in a real transitional provision', () => {
    const text =
      'pojistitel před prvním dnem osmého kalendářního měsíce postupuje podle § 3 odst. 3 a § 15 odst. 1 zákona č. 168/1999 Sb., ve znění účinném přede dnem nabytí účinnosti tohoto zákona.';
    expect(findReferences(text, 'cs', 'par-10', czech).map((s) => s.external)).toEqual([true, true]);
  });
});
