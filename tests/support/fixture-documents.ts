// Small hand-written documents for API tests: a Czech act in two versions and a bilingual EU act.
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';

const node = (
  nodeType: string,
  path: string,
  citeKey: string | undefined,
  texts: Record<string, string>[],
  children: ParsedNode[] = [],
  title?: string,
): ParsedNode => ({ nodeType, rawType: nodeType, path, citeKey, texts, children, ...(title ? { title } : {}) });

const cs = (text: string) => ({ cs: text });

/** Zákon o zkoušce: 2020 wording. */
export const actVersion2020: ParsedDocument = {
  externalId: '99/2020 Sb.',
  metadata: { title: 'Zákon o zkušebních předpisech', kind: 'zákon', issuer: 'Parlament', sourceSystem: 'test' },
  publishedDate: '2020-03-01',
  effectiveDate: '2020-04-01',
  versionDate: '2020-04-01',
  languages: ['cs'],
  nodes: [
    node(
      'title',
      'hlava-1',
      'Hlava 1',
      [],
      [
        node('article', 'par-1', '§ 1', [cs('Tento zákon upravuje zkoušky.')]),
        node(
          'article',
          'par-2',
          '§ 2',
          [],
          [
            node('paragraph', 'par-2/odst-1', 'odst. 1', [cs('Zkouška se koná podle § 1.')]),
            node(
              'paragraph',
              'par-2/odst-2',
              'odst. 2',
              [cs('Výsledek se zapíše.')],
              [
                node('clause', 'par-2/odst-2/pism-a', 'písm. a)', [cs('do protokolu,')]),
                node('clause', 'par-2/odst-2/pism-b', 'písm. b)', [cs('do spisu.')]),
              ],
            ),
          ],
        ),
        node('article', 'par-3', '§ 3', [cs('Zrušovací ustanovení.')]),
      ],
      'Obecná ustanovení',
    ),
  ],
};

/** The 2024 wording: § 2 odst. 2 changed, § 3 removed, § 2a added. */
export const actVersion2024: ParsedDocument = {
  ...actVersion2020,
  versionDate: '2024-01-01',
  nodes: [
    node(
      'title',
      'hlava-1',
      'Hlava 1',
      [],
      [
        node('article', 'par-1', '§ 1', [cs('Tento zákon upravuje zkoušky.')]),
        node(
          'article',
          'par-2',
          '§ 2',
          [],
          [
            node('paragraph', 'par-2/odst-1', 'odst. 1', [cs('Zkouška se koná podle § 1.')]),
            node(
              'paragraph',
              'par-2/odst-2',
              'odst. 2',
              [cs('Výsledek se zapíše elektronicky.')],
              [
                node('clause', 'par-2/odst-2/pism-a', 'písm. a)', [cs('do protokolu,')]),
                node('clause', 'par-2/odst-2/pism-b', 'písm. b)', [cs('do spisu.')]),
              ],
            ),
          ],
        ),
        node('article', 'par-2a', '§ 2a', [cs('Nové ustanovení.')]),
      ],
      'Obecná ustanovení',
    ),
  ],
};

/** A bilingual act: every text unit has English and Czech. */
export const bilingualAct: ParsedDocument = {
  externalId: '32099R0001',
  metadata: { title: 'Regulation on test data', kind: 'Regulation', sourceSystem: 'test' },
  publishedDate: '2099-01-01',
  versionDate: '2021-06-01',
  languages: ['en', 'cs'],
  nodes: [
    node('content', 'preamble', 'Preamble', [{ en: 'Having regard to the tests,', cs: 'S ohledem na zkoušky,' }]),
    node('article', 'art-1', 'Article 1', [
      { en: 'This Regulation applies to tests.', cs: 'Toto nařízení se vztahuje na zkoušky.' },
      { en: 'See Article 2.', cs: 'Viz článek 2.' },
    ]),
    node('article', 'art-2', 'Article 2', [{ en: 'It enters into force today.', cs: 'Vstupuje v platnost dnes.' }]),
  ],
};

/** Many documents with generated titles, for listing and search tests. */
export function numberedAct(number: number, title: string): ParsedDocument {
  return {
    externalId: `${number}/2001 Sb.`,
    metadata: { title, kind: 'zákon', sourceSystem: 'test' },
    versionDate: '2001-01-01',
    languages: ['cs'],
    nodes: [node('article', 'par-1', '§ 1', [cs(`${title}: text.`)])],
  };
}
