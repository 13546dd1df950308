// Node names in every language the source gives them (issue 13): the DGT-TM parser keeps a
// heading's title segment in each language, and the join of one act's per-language Formex files
// keeps each language's names, so an EU act read in Czech is headed 'Článek 4 Sekretariát'.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formexParser } from '../../server/importers/formats/formex.js';
import { tmxParser } from '../../server/importers/formats/tmx.js';
import { mergeLanguages } from '../../server/importers/sources/merge-languages.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { fixturePath, readDecoded } from '../support/fixtures.js';
import { getNode } from '../support/parsed-documents.js';

warnIfNoCorpus('node title tests');

describe.skipIf(!hasCorpus)('DGT-TM node titles', () => {
  const file = corpusPath('eu-dgt-tm-tmx', '22019D0437.tmx');
  const [doc] = tmxParser.parse(readDecoded(file), file);

  it('keeps the English title and adds the title in every language of its unit', () => {
    const article = getNode(doc!, 'annex-1/art-4');
    expect(article.title).toBe('Secretariat');
    expect(article.titles).toMatchObject({ en: 'Secretariat', cs: 'Sekretariát' });
    expect(Object.keys(article.titles!).length).toBeGreaterThan(20);
  });

  it('gives titles only to nodes with a title', () => {
    expect(getNode(doc!, 'preamble').titles).toBeUndefined();
  });
});

describe('Formex per-language join', () => {
  const file = path.join(fixturePath('formex'), 'standalone', 'act.xml');
  const english = readDecoded(file);
  // The same act in Czech: the OJ's Czech file differs in its words, never in its structure.
  const czech = english
    .replace('<LG.DOC>EN</LG.DOC>', '<LG.DOC>CS</LG.DOC>')
    .replace(
      '<TI.ART>Article 1</TI.ART><STI.ART>Scope</STI.ART>',
      '<TI.ART>Článek 1</TI.ART><STI.ART>Oblast působnosti</STI.ART>',
    )
    .replace('<TI.ART>Article 1a</TI.ART>', '<TI.ART>Článek 1a</TI.ART>');

  it('keeps each language name of a node, keyed by its language', () => {
    const [en] = formexParser.parse(english, file);
    const [cs] = formexParser.parse(czech, file.replace('act.xml', 'act-cs-joined.xml'));
    expect(cs!.languages[0]).toBe('cs');
    const joined = mergeLanguages([en!, cs!]);
    const article = joined.nodes.find((node) => node.citeKey === 'Article 1')!;
    expect(article.title).toBe('Scope');
    expect(article.titles).toEqual({ en: 'Scope', cs: 'Oblast působnosti' });
    // A node without a name in any language gets no titles.
    expect(joined.nodes.find((node) => node.citeKey === 'Article 1a')!.titles).toBeUndefined();
  });

  it('leaves a one-language act as parsed', () => {
    const [en] = formexParser.parse(english, file);
    expect(mergeLanguages([en!])).toEqual(en);
  });
});
