// GET /v1/legal/compare/changes over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: changed,
// added and removed provisions of the fixture act and, with the corpus, of the Constitution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BranchList, ErrorBody } from '../../src/api/contract/index.js';
import { CompareChanges } from '../../src/api/contract/compare-changes.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(ENGINES)('compare changes on %s', (engine) => {
  let server: TestServer;
  const branchesOf = async (externalId: string) => {
    const { items } = await json(
      await server.get(`/v1/legal/branches?document_id=${documentIdFor(externalId)}`),
      BranchList,
    );
    return { main: items.find((b) => b.name === 'main')!, snapshot: items.find((b) => b.kind === 'snapshot')! };
  };
  const changes = async (a: string, b: string, extra = '') =>
    json(await server.get(`/v1/legal/compare/changes?branch_id_a=${a}&branch_id_b=${b}${extra}`), CompareChanges);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    await storeVersion(db, actVersion2024, 'fixture-2024');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
  });
  afterAll(() => server?.close());

  it('lists the changed, added and removed provisions of the act in document order', async () => {
    const { main, snapshot } = await branchesOf(actVersion2020.externalId);
    const result = await changes(snapshot.id, main.id);
    expect(result.language).toBe('cs');
    expect(result.counts).toEqual({ changed: 1, moved: 0, added: 1, removed: 1 });
    expect(result.next_offset).toBeNull();
    expect(result.changed).toEqual([
      expect.objectContaining({
        path: 'par-2/odst-2',
        cite_key: 'odst. 2',
        citation: '§ 2 odst. 2',
        node_type: 'paragraph',
        text_a: 'Výsledek se zapíše.',
        text_b: 'Výsledek se zapíše elektronicky.',
        moved_from: null,
      }),
    ]);
    // The unchanged parent (§ 2) and container (Hlava 1) are not listed.
    expect(result.added).toEqual([
      expect.objectContaining({
        path: 'par-2a',
        citation: '§ 2a',
        text: 'Nové ustanovení.',
        descendants: 0,
        subtree: [],
      }),
    ]);
    expect(result.removed).toEqual([
      expect.objectContaining({ path: 'par-3', citation: '§ 3', text: 'Zrušovací ustanovení.' }),
    ]);
    // § 3 stood after § 2 (its last clause) in 2020: it is placed there, before the new § 2a.
    expect([result.changed[0]!.position, result.removed[0]!.position, result.added[0]!.position]).toEqual([0, 1, 2]);
    expect(result.changed[0]!.node_id_a).not.toBe(result.changed[0]!.node_id_b);
  });

  it('swaps added and removed when the versions are swapped', async () => {
    const { main, snapshot } = await branchesOf(actVersion2020.externalId);
    const result = await changes(main.id, snapshot.id);
    expect(result.added.map((p) => p.citation)).toEqual(['§ 3']);
    expect(result.removed.map((p) => p.citation)).toEqual(['§ 2a']);
    expect(result.changed[0]!.text_a).toBe('Výsledek se zapíše elektronicky.');
  });

  it('finds nothing between a version and itself', async () => {
    const { main } = await branchesOf(actVersion2020.externalId);
    const result = await changes(main.id, main.id);
    expect(result.counts).toEqual({ changed: 0, moved: 0, added: 0, removed: 0 });
    expect([...result.changed, ...result.added, ...result.removed]).toEqual([]);
  });

  it('pages over the combined document order', async () => {
    const { main, snapshot } = await branchesOf(actVersion2020.externalId);
    const first = await changes(snapshot.id, main.id, '&limit=2');
    expect(first.changed).toHaveLength(1);
    expect(first.removed).toHaveLength(1);
    expect(first.added).toHaveLength(0);
    expect(first.next_offset).toBe(2);
    const second = await changes(snapshot.id, main.id, `&limit=2&offset=${first.next_offset}`);
    expect(second.added.map((p) => [p.citation, p.position])).toEqual([['§ 2a', 2]]);
    expect(second.counts).toEqual(first.counts);
    expect(second.next_offset).toBeNull();
  });

  it('compares in the language asked for, else the first language of B', async () => {
    const { main } = await branchesOf(bilingualAct.externalId);
    expect((await changes(main.id, main.id)).language).toBe('en');
    const czech = await changes(main.id, main.id, '&lang=cs');
    expect(czech.language).toBe('cs');
    expect(czech.languages).toEqual(['en', 'cs']);
    const response = await server.get(
      `/v1/legal/compare/changes?branch_id_a=${main.id}&branch_id_b=${main.id}&lang=de`,
    );
    expect(response.status).toBe(400);
    expect(await json(response, ErrorBody)).toMatchObject({ detail: 'validation_failed', field: 'lang' });
  });

  it('answers 404 for an unknown branch and 400 for a malformed id', async () => {
    const { main } = await branchesOf(actVersion2020.externalId);
    const missing = await server.get(`/v1/legal/compare/changes?branch_id_a=${main.id}&branch_id_b=${MISSING}`);
    expect(missing.status).toBe(404);
    expect((await json(missing, ErrorBody)).detail).toBe('not_found');
    const malformed = await server.get(`/v1/legal/compare/changes?branch_id_a=x&branch_id_b=${main.id}`);
    expect(malformed.status).toBe(400);
    expect(await json(malformed, ErrorBody)).toMatchObject({ detail: 'validation_failed', field: 'branch_id_a' });
    const absent = await server.get(`/v1/legal/compare/changes?branch_id_a=${main.id}`);
    expect((await json(absent, ErrorBody)).field).toBe('branch_id_b');
  });

  describe.skipIf(!hasCorpus)('the Constitution 1993 against 2026', () => {
    if (!hasCorpus) console.warn(`compare changes: ${CORPUS_SKIP_REASON}`);

    it('lists Čl. 1 as moved, Čl. 10a and 10b as added, Čl. 103 as removed and Čl. 54 as changed', async () => {
      const report = await importPaths(server.database.db, [
        corpusPath('cz-esbirka-original-json', '1_1993.json'),
        corpusPath('cz-consolidated-md', '1-1993.md'),
      ]);
      expect(report.errors).toEqual([]);
      const { main, snapshot } = await branchesOf('1/1993 Sb.');
      const result = await changes(snapshot.id, main.id, '&limit=1000');
      expect(result.language).toBe('cs');

      const added = result.added.map((p) => p.citation);
      expect(added).toEqual(expect.arrayContaining(['Čl. 10a', 'Čl. 10b']));
      // An added article is listed once, with its paragraphs inside it.
      expect(added.filter((c) => c?.startsWith('Čl. 10a'))).toEqual(['Čl. 10a']);
      const article10a = result.added.find((p) => p.citation === 'Čl. 10a')!;
      expect(article10a.descendants).toBe(2);
      expect(article10a.subtree.map((s) => s.cite_key)).toEqual(['odst. 1', 'odst. 2']);

      expect(result.removed.map((p) => p.citation)).toContain('Čl. 103');

      // Čl. 1's text now stands in Čl. 1 odst. 1: moved (with its diff), neither removed nor added.
      const article1 = result.changed.find((p) => p.moved_from?.path === 'cl-1')!;
      expect(article1).toMatchObject({ path: 'cl-1/odst-1', citation: 'Čl. 1 odst. 1' });
      expect(article1.moved_from).toEqual({ path: 'cl-1', citation: 'Čl. 1' });
      expect(article1.text_a).toMatch(/^Česká republika je svrchovaný/);
      expect(article1.text_b).toBe(article1.text_a);
      expect(result.changed.filter((p) => p.path === 'cl-1')).toEqual([]);
      expect(result.removed.filter((p) => p.citation?.startsWith('Čl. 1 ') || p.citation === 'Čl. 1')).toEqual([]);
      expect(added).not.toContain('Čl. 1 odst. 1');
      expect(added).toContain('Čl. 1 odst. 2');
      // A renumbered odstavec (Čl. 35 odst. 2 -> odst. 3) is moved, the new odst. 2 added.
      expect(result.changed.find((p) => p.moved_from?.citation === 'Čl. 35 odst. 2')?.citation).toBe('Čl. 35 odst. 3');
      expect(added).toContain('Čl. 35 odst. 2');
      // A text split into new odstavce is one move to all of them.
      const article52 = result.changed.find((p) => p.moved_from?.path === 'cl-52')!;
      expect(article52.citation).toBe('Čl. 52 odst. 1, odst. 2');
      expect(article52.text_b.split('\n')).toHaveLength(2);
      expect(result.counts.moved).toBe(result.changed.filter((p) => p.moved_from).length);

      // Headings say where each provision stands: Čl. 54 in Hlava 3 (Moc výkonná).
      expect(result.changed.find((p) => p.citation === 'Čl. 54 odst. 2')?.headings[0]).toMatchObject({
        cite_key: 'Hlava 3',
        title: 'MOC VÝKONNÁ',
      });
      const article54 = result.changed.find((p) => p.citation?.startsWith('Čl. 54'))!;
      expect(article54.text_a).toMatch(/volí Parlament/);
      expect(article54.text_b).toMatch(/volen v přímých volbách/);

      // Document order: positions grow within each list and Čl. 10a comes before Čl. 54.
      for (const list of [result.changed, result.added, result.removed]) {
        const positions = list.map((p) => p.position);
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
      }
      expect(article10a.position).toBeLessThan(article54.position);
      expect(result.counts).toEqual({
        changed: result.changed.length,
        moved: result.changed.filter((p) => p.moved_from).length,
        added: result.added.length,
        removed: result.removed.length,
      });
    });
  });
});
