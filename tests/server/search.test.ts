// GET /v1/search over the whole shared corpus imported with the real importer, on PGlite and (with
// DATABASE_URL) PostgreSQL: a relevance set of real queries in Czech, English, German and Italian
// with the expected document or provision in the top 3 (precision at 3 >= 0.9), citations and
// short names resolved, facets, odd input never a 500, an operator's alias, and quick search's
// limit and "in the text" group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutocompleteList, ErrorBody } from '../../src/api/contract/index.js';
import { SearchResult } from '../../src/api/contract/search.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { addDocumentAlias } from '../../server/search/aliases.js';
import { registerAndLogin } from '../support/accounts.js';
import { CORPUS_DIR, CORPUS_SKIP_REASON, hasCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`search tests skipped: ${CORPUS_SKIP_REASON}`);

/** A query and what must be among its first three answers: a document, or a provision of it (`?p=` path, or its start). */
interface RelevanceCase {
  q: string;
  document: string;
  path?: string;
}

// prettier-ignore
const RELEVANCE: RelevanceCase[] = [
  // The issue's queries
  { q: 'prezident republiky', document: '1/1993 Sb.', path: 'cl-54' },
  { q: 'čl. 54', document: '1/1993 Sb.', path: 'cl-54' },
  { q: 'Ústava ČR', document: '1/1993 Sb.' },
  { q: '1/93', document: '1/1993 Sb.' },
  { q: 'listina', document: '2/1993 Sb.' },
  { q: 'A kdo volí prezidenta?', document: '1/1993 Sb.', path: 'cl-5' },
  { q: 'čl. 54 ústavy', document: '1/1993 Sb.', path: 'cl-54' },
  { q: '§ 2 zákona 284/2023', document: '284/2023 Sb.', path: 'par-2' },
  { q: '284/2023 § 2 písm. a', document: '284/2023 Sb.', path: 'par-2' },
  { q: 'Listina základních práv a svobod', document: '2/1993 Sb.' },
  { q: 'Ústava', document: '1/1993 Sb.' },
  { q: 'ústavy', document: '1/1993 Sb.' },
  { q: 'LZPS', document: '2/1993 Sb.' },
  { q: '2/1993', document: '2/1993 Sb.' },
  { q: '416/2023 Sb.', document: '416/2023 Sb.' },
  { q: 'zákon 30/2024', document: '30/2024 Sb.' },
  // Czech words, inflected, without accents, phrases
  { q: 'prezidentovi', document: '1/1993 Sb.' },
  { q: 'prezident', document: '1/1993 Sb.' },
  { q: 'Poslanecká sněmovna', document: '1/1993 Sb.' },
  { q: 'poslanecke snemovne', document: '1/1993 Sb.' },
  { q: '"hlavou státu"', document: '1/1993 Sb.', path: 'cl-54' },
  { q: 'preventivní restrukturalizace', document: '284/2023 Sb.' },
  { q: 'dorovnávací daň', document: '416/2023 Sb.' },
  { q: 'pojištění odpovědnosti z provozu vozidla', document: '30/2024 Sb.' },
  { q: 'teroristický obsah', document: '67/2023 Sb.' },
  { q: 'jednotné environmentální stanovisko', document: '148/2023 Sb.' },
  { q: 'svoboda projevu', document: '2/1993 Sb.' },
  { q: 'Ústavní soud', document: '1/1993 Sb.' },
  { q: 'bezpečnost České republiky', document: '110/1998 Sb.' },
  { q: 'odpuštění penále', document: '181/2023 Sb.' },
  { q: 'Evropský úřad pro boj proti podvodům', document: '34/2023 Sb.' },
  // English
  { q: 'payment accounts', document: '32014L0092' },
  { q: 'interoperability', document: '32024R0903' },
  { q: 'Interoperable Europe Act', document: '32024R0903' },
  { q: '32014L0092', document: '32014L0092' },
  { q: 'Interoperable Europe Board', document: '32024R0903' },
  // German
  { q: 'Vereinsverbot', document: 'eli/bund/bgbl-1/1964/s593' },
  { q: 'Lobbyregister', document: 'eli/bund/bgbl-1/2021/s818' },
  { q: 'Interessenvertreter', document: 'eli/bund/bgbl-1/2021/s818' },
  // Italian
  { q: "diritto d'autore", document: '/akn/it/act/legge/stato/1941-04-22/633' },
  { q: 'opere dell\'ingegno', document: '/akn/it/act/legge/stato/1941-04-22/633' },
  { q: 'diritti connessi', document: '/akn/it/act/legge/stato/1941-04-22/633' },
];

/** The document ids and provision paths of an answer in rank order: the resolved one, then each group's hits. */
function ranked(result: SearchResult): { document: string; path: string | null }[] {
  const entries: { document: string; path: string | null }[] = [];
  if (result.resolved) entries.push({ document: result.resolved.external_id, path: result.resolved.path });
  for (const group of result.groups) {
    if (group.hits.length === 0) entries.push({ document: group.document.external_id, path: null });
    for (const hit of group.hits) entries.push({ document: group.document.external_id, path: hit.path });
  }
  return entries;
}

const matches = (entry: { document: string; path: string | null }, expected: RelevanceCase) =>
  entry.document.startsWith(expected.document) &&
  (expected.path === undefined ||
    (entry.path !== null && (entry.path === expected.path || entry.path.startsWith(expected.path))));

describe.skipIf(!hasCorpus).each(ENGINES)('full-text search over the whole corpus on %s', (engine) => {
  let server: TestServer;
  const search = async (query: string) => json(await server.get(`/v1/search?${query}`), SearchResult);
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const report = await importPaths(server.database.db, [CORPUS_DIR]);
    // The only failures are the corpus' files that give one version twice (import-reimport.test.ts).
    expect(report.errors.filter((error) => !error.message.startsWith('conflict:'))).toEqual([]);
  }, 900_000);
  afterAll(() => server?.close());

  it('has at least 40 real queries, with precision at 3 of at least 0.9', async () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(40);
    const misses: string[] = [];
    for (const expected of RELEVANCE) {
      const top = ranked(await search(q(expected.q))).slice(0, 3);
      if (!top.some((entry) => matches(entry, expected)))
        misses.push(`${expected.q} -> ${top.map((entry) => `${entry.document} ${entry.path ?? ''}`).join('; ')}`);
    }
    const precision = (RELEVANCE.length - misses.length) / RELEVANCE.length;
    expect(precision, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it('answers "A kdo volí prezidenta?" with Čl. 54 or Čl. 56 first and no motor-insurance act', async () => {
    const result = await search(q('A kdo volí prezidenta?'));
    const first = ranked(result)[0]!;
    expect(first.document).toBe('1/1993 Sb.');
    expect(first.path).toMatch(/^cl-5[46](\/|$)/);
    expect(result.groups[0]!.document.external_id).toBe('1/1993 Sb.');
    expect(
      ranked(result)
        .slice(0, 3)
        .map((entry) => entry.document),
    ).toEqual(['1/1993 Sb.', '1/1993 Sb.', '1/1993 Sb.']);
  });

  it('resolves a citation to the provision, with its citation and ?p= path', async () => {
    const result = await search(q('čl. 54 odst. 1 ústavy'));
    expect(result.resolved).toMatchObject({
      kind: 'provision',
      document_id: documentIdFor('1/1993 Sb.'),
      path: 'cl-54/odst-1',
      citation: 'čl. 54 odst. 1, 1/1993 Sb.',
      branch_name: 'main',
    });
    const hit = result.groups[0]!.hits[0]!;
    expect(hit).toMatchObject({ path: 'cl-54/odst-1', citation: 'čl. 54 odst. 1, 1/1993 Sb.' });
    expect(hit.snippet.text).toContain('Prezident republiky je hlavou státu');
  });

  it('finds inflected and unaccented words, highlights them in plain-text snippets', async () => {
    const result = await search(q('prezidenta republiky'));
    const group = result.groups.find((g) => g.document.external_id === '1/1993 Sb.')!;
    expect(group.total_hits).toBeGreaterThan(5);
    const hit = group.hits[0]!;
    const marked = hit.snippet.highlights.map((range) => hit.snippet.text.slice(range.start, range.end).toLowerCase());
    expect(marked.some((word) => word.startsWith('prezident'))).toBe(true);
    expect(marked.some((word) => word.startsWith('republik'))).toBe(true);
    expect(hit.citation).toMatch(/^čl\. \d+.*, 1\/1993 Sb\.$/u);
    const plain = await search(q('prezidenta republiky'.normalize('NFD').replace(/\p{Mn}/gu, '')));
    expect(plain.groups[0]!.document.external_id).toBe(result.groups[0]!.document.external_id);
  });

  it('searches a quoted phrase as words in that order', async () => {
    const phrase = await search(q('"republiky je hlavou"'));
    expect(phrase.groups[0]?.hits[0]?.path).toMatch(/^cl-54/);
    const reversed = await search(q('"hlavou je republiky"'));
    expect(reversed.groups.find((g) => g.document.external_id === '1/1993 Sb.')).toBeUndefined();
  });

  it('counts facets and filters by jurisdiction, language, type and version', async () => {
    const all = await search(q('republiky'));
    expect(all.facets.jurisdiction.find((f) => f.value === 'cz')?.count).toBeGreaterThan(1);
    expect(all.facets.version.map((f) => f.value)).toContain('current');
    const eu = await search(`${q('Article')}&jurisdiction=eu`);
    expect(eu.groups.length).toBeGreaterThan(0);
    expect(eu.groups.every((g) => g.document.jurisdiction === 'eu')).toBe(true);
    const german = await search(`${q('Gesetz')}&lang=de`);
    expect(german.groups.length).toBeGreaterThan(0);
    expect(german.groups.flatMap((g) => g.hits).every((hit) => hit.language === 'de')).toBe(true);
    const acts = await search(`${q('republiky')}&type=constitutional-act`);
    expect(acts.groups.every((g) => g.document.type === 'constitutional-act')).toBe(true);
    // The 1993 wording (a snapshot) had the President elected by Parliament.
    const old = await search(
      `${q('prezident volen Parlamentem')}&version=snapshots&document_id=${documentIdFor('1/1993 Sb.')}`,
    );
    expect(old.groups[0]?.hits.every((hit) => hit.branch_name.startsWith('snapshot-'))).toBe(true);
    expect(old.groups[0]?.hits.length).toBeGreaterThan(0);
  });

  it('pages documents with limit and offset', async () => {
    const first = await search(`${q('zákon')}&limit=2`);
    const second = await search(`${q('zákon')}&limit=2&offset=2`);
    expect(first.groups).toHaveLength(2);
    expect(first.total_documents).toBeGreaterThan(4);
    expect(second.groups.map((g) => g.document.id)).not.toContain(first.groups[0]!.document.id);
  });

  it('never answers odd input with a 500', async () => {
    const odd = [
      '"',
      '""',
      '„“',
      "'",
      '\\',
      '%',
      '_',
      '*',
      ':*',
      '&|!<->()',
      "'; DROP TABLE documents; --",
      'a & b | !c',
      '.*+?^${}()|[]\\',
      '(((',
      'x'.repeat(500),
      'slovo '.repeat(300),
      '😀 ✓ ∑',
      '§',
      'čl.',
      '1/',
      '/1',
      '0/0000',
      '999999999999999999999/99',
      'čl. 99999999999',
    ];
    for (const text of odd) {
      const response = await server.get(`/v1/search?${q(text)}`);
      expect([200, 400], text).toContain(response.status);
      if (response.status === 200) SearchResult.parse(await response.json());
      else ErrorBody.parse(await response.json());
    }
    for (const raw of ['q=%00', `q=${'x'.repeat(2000)}`, 'q=a%00b', 'limit=-1', 'lang=xx1', 'at=2020-13-45']) {
      const response = await server.get(`/v1/search?${raw}`);
      expect(response.status, raw).toBe(400);
      expect(ErrorBody.parse(await response.json()).detail).toBe('validation_failed');
    }
    const empty = await search('q=');
    expect(empty).toMatchObject({ total_documents: 0, groups: [] });
  });

  it('lets an operator add a short name that then resolves', async () => {
    const id = documentIdFor('284/2023 Sb.');
    expect(await addDocumentAlias(server.database.db, id, 'Zákon o restrukturalizaci')).toBe(true);
    const result = await search(q('zákon o restrukturalizaci'));
    expect(result.resolved).toMatchObject({ kind: 'document', document_id: id });
    expect(await addDocumentAlias(server.database.db, '00000000-0000-4000-8000-000000000000', 'nic')).toBe(false);
  });

  it('quick search answers no more than limit items in all, and an "in the text" group when asked', async () => {
    const { session } = await registerAndLogin(server);
    for (const number of ['1/1993 Sb.', '2/1993 Sb.']) {
      const visit = await session.post('/v1/user/document-access', {
        document_id: documentIdFor(number),
        context: 'view',
        session_id: `visit-${number}`,
      });
      expect(visit.status).toBe(200);
    }
    const one = await json(await session.get(`/v1/search/autocomplete?q=&limit=1`), AutocompleteList);
    expect(one.items.length).toBeLessThanOrEqual(1);
    const limited = await json(await session.get(`/v1/search/autocomplete?q=ustava&limit=2`), AutocompleteList);
    expect(limited.items.length).toBeLessThanOrEqual(2);
    expect(limited.text_hits).toBeUndefined();
    const withText = await json(
      await server.get(`/v1/search/autocomplete?${q('prezident republiky')}&limit=5&text=true&text_limit=3`),
      AutocompleteList,
    );
    expect(withText.text_hits!.length).toBeGreaterThan(0);
    expect(withText.text_hits!.length).toBeLessThanOrEqual(3);
    expect(withText.text_hits![0]!.external_id).toBe('1/1993 Sb.');
  });
});
