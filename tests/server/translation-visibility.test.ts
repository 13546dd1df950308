// Translation layers are private (issue 11): user A's saved translations show to A in every read
// (texts, one text, spans, languages, pages, alignment members, memory) with their state, and to
// nobody else: the anonymous and user B see imported text only, and A's fragment ids are unknown
// ids to them. Comparison and the Copilot's search serve everyone alike and never show a layer.
// Over HTTP on PGlite and (with DATABASE_URL) PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BranchList,
  Comparison,
  DocumentLanguageList,
  FragmentPage,
  FragmentText,
  FragmentTexts,
  SpanList,
} from '../../src/api/contract/documents.js';
import { CompareChanges } from '../../src/api/contract/compare-changes.js';
import { AlignmentMembers, TranslateResponse } from '../../src/api/contract/translation.js';
import { findFragment, searchFragments } from '../../server/copilot/library-search.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor, fragmentUidFor, spanIdFor, translationFragmentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { lookupMemory, UNREVIEWED_PENALTY } from '../../server/translation/memory.js';
import { registerAndLogin } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import type { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2020.externalId);
const IMPORTED = { status: null, stale: false, origin: 'imported' } as const;

interface SourceRow {
  id: string;
  group_id: string;
  node_id: string;
  seq: number;
  cite_key: string | null;
  branch_id: string;
  path: string;
}

/** A layer fragment of A: an English translation of `source`. */
interface Layer {
  id: string;
  source: SourceRow;
  text: string;
}

describe.each(ENGINES)('translation layers are private (%s)', (engine) => {
  let server: TestServer;
  let a: { session: HttpSession; id: string };
  let b: { session: HttpSession; id: string };
  let main: string;
  let snapshot: string;
  /** § 1 (reviewed, stale) and § 2 odst. 1 (unreviewed, with a span) of the main version. */
  let par1: Layer;
  let par2: Layer;
  let snapshotPar2: SourceRow;
  let languageIds: { cs: number; en: number };
  /** What the anonymous got from comparison before any layer existed. */
  let comparisonBefore: unknown;
  let changesBefore: unknown;
  let enChangesBefore: unknown;

  /** Both ways: the layers are in main, which is A one way and B the other. */
  const compare = (session?: HttpSession) =>
    Promise.all(
      [
        [snapshot, main],
        [main, snapshot],
      ].map(async ([x, y]) =>
        json(await get(`/v1/legal/compare?branch_id_a=${x}&branch_id_b=${y}`, session), Comparison),
      ),
    );
  /** The whole answer: with lang=en, an act without English answers an error, the same for everyone. */
  const changes = async (extra: string, session?: HttpSession) => {
    const response = await get(
      `/v1/legal/compare/changes?branch_id_a=${snapshot}&branch_id_b=${main}${extra}`,
      session,
    );
    const body: unknown = await response.json();
    if (response.ok) CompareChanges.parse(body);
    return { status: response.status, body };
  };
  const get = (path: string, session?: HttpSession, headers: Record<string, string> = {}) =>
    session ? session.get(path, headers) : server.get(path, headers);
  const post = (path: string, body: unknown, session?: HttpSession) =>
    session ? session.post(path, body) : server.post(path, body);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    await storeVersion(db, actVersion2024, 'fixture-2024');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    const { items } = await json(await server.get(`/v1/legal/branches?document_id=${actId}`), BranchList);
    main = items.find((x) => x.name === 'main')!.id;
    snapshot = items.find((x) => x.kind === 'snapshot')!.id;
    comparisonBefore = await compare();
    changesBefore = await changes('');
    enChangesBefore = await changes('&lang=en');

    const accountA = await registerAndLogin(server);
    const accountB = await registerAndLogin(server);
    a = { session: accountA.session, id: accountA.user.id };
    b = { session: accountB.session, id: accountB.user.id };

    const source = async (branchId: string, path: string) => {
      const [row] = await sqlRows<SourceRow>(
        db,
        sql`SELECT f.id, f.group_id, f.node_id, f.seq, f.cite_key, f.branch_id, n.external_id AS path
            FROM fragments f JOIN nodes n ON n.id = f.node_id
            WHERE f.branch_id = ${branchId} AND n.external_id = ${path} AND f.has_text`,
      );
      expect(row, path).toBeDefined();
      return { ...row!, seq: Number(row!.seq) };
    };
    const [ids] = await sqlRows<{ cs: number; en: number }>(
      db,
      sql`SELECT (SELECT language_id FROM languages WHERE iso_639_1 = 'cs') AS cs,
                 (SELECT language_id FROM languages WHERE iso_639_1 = 'en') AS en`,
    );
    languageIds = { cs: Number(ids!.cs), en: Number(ids!.en) };
    const save = async (
      from: SourceRow,
      text: string,
      state: { status: 'translated' | 'reviewed'; stale: boolean; staleSource: string | null },
    ): Promise<Layer> => {
      const id = translationFragmentIdFor(from.group_id, 'en', a.id);
      await db.execute(
        sql`INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id,
              has_text, text, owner_id, translation_status, stale, stale_source_text, translated_at)
            VALUES (${id}, ${from.branch_id}, ${from.node_id}, ${languageIds.en}, ${from.seq}, ${from.cite_key},
              ${fragmentUidFor('en', from.path, text, 0)}, ${from.group_id}, true, ${text}, ${a.id},
              ${state.status}, ${state.stale}, ${state.staleSource}, now())`,
      );
      return { id, source: from, text };
    };
    par1 = await save(await source(main, 'par-1'), 'This Act governs examinations.', {
      status: 'reviewed',
      stale: true,
      staleSource: 'Tento zákon upravoval zkoušky.',
    });
    par2 = await save(await source(main, 'par-2/odst-1'), 'The examination takes place under § 1.', {
      status: 'translated',
      stale: false,
      staleSource: null,
    });
    const start = par2.text.indexOf('§ 1');
    await db.execute(
      sql`INSERT INTO spans (id, fragment_id, abs_start, abs_end, metadata)
          VALUES (${spanIdFor(par2.id, start, start + 3)}, ${par2.id}, ${start}, ${start + 3},
                  ${JSON.stringify({ kind: 'reference', citation: '§ 1' })}::jsonb)`,
    );
    snapshotPar2 = await source(snapshot, 'par-2/odst-1');
  }, 120_000);
  afterAll(() => server?.close());

  /** The viewers that are not A, by name. */
  const others = () =>
    [
      ['the anonymous', undefined],
      ['user B', b.session],
    ] as const;

  describe('POST /v1/legal/fragments/texts', () => {
    it('answers A with their translations and their state, in place of the source text', async () => {
      const ids = [par1.source.id, par2.source.id, par1.id];
      const { items } = await json(
        await post('/v1/legal/fragments/texts', { fragment_ids: ids, lang: 'en' }, a.session),
        FragmentTexts,
      );
      expect(items.map((i) => [i.id, i.source_fragment_id, i.text, i.language_code, i.translation])).toEqual([
        [par1.source.id, par1.id, par1.text, 'en', { status: 'reviewed', stale: true, origin: 'translated' }],
        [par2.source.id, par2.id, par2.text, 'en', { status: 'translated', stale: false, origin: 'translated' }],
        [par1.id, par1.id, par1.text, 'en', { status: 'reviewed', stale: true, origin: 'translated' }],
      ]);
      // Asked in Czech, A's English fragment answers with its imported source.
      const czech = await json(
        await post('/v1/legal/fragments/texts', { fragment_ids: [par1.id], lang: 'cs' }, a.session),
        FragmentTexts,
      );
      expect(czech.items).toEqual([
        expect.objectContaining({
          id: par1.id,
          source_fragment_id: par1.source.id,
          text: 'Tento zákon upravuje zkoušky.',
        }),
      ]);
      expect(czech.items[0]!.translation).toEqual(IMPORTED);
    });

    it('answers the others with imported text and leaves A’s ids out', async () => {
      for (const [who, session] of others()) {
        const ids = [par1.id, par1.source.id, par2.id, par2.source.id];
        for (const lang of [{ lang: 'en' }, {}]) {
          const { items } = await json(
            await post('/v1/legal/fragments/texts', { fragment_ids: ids, ...lang }, session),
            FragmentTexts,
          );
          expect(
            items.map((i) => [i.id, i.source_fragment_id, i.language_code, i.translation]),
            who,
          ).toEqual([
            [par1.source.id, par1.source.id, 'cs', IMPORTED],
            [par2.source.id, par2.source.id, 'cs', IMPORTED],
          ]);
        }
      }
    });

    it('gives at most one row per id when the imported text and the layer share the language', async () => {
      // The bilingual act has imported English; A's (hypothetical) English would lose to it.
      const { db } = server.database;
      const [row] = await sqlRows<SourceRow>(
        db,
        sql`SELECT f.id, f.group_id, f.node_id, f.seq, f.cite_key, f.branch_id, '' AS path
            FROM fragments f JOIN languages l ON l.language_id = f.language_id
            WHERE f.branch_id IN (SELECT id FROM branches WHERE document_id = ${documentIdFor(bilingualAct.externalId)})
              AND l.iso_639_1 = 'cs' AND f.has_text ORDER BY f.seq LIMIT 1`,
      );
      const layerId = translationFragmentIdFor(row!.group_id, 'en', a.id);
      await db.execute(
        sql`INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id,
              has_text, text, owner_id, translation_status)
            SELECT ${layerId}, branch_id, node_id, language_id, seq, cite_key, 'layer-uid', group_id, true,
              'A layer text', ${a.id}, 'translated'
            FROM fragments WHERE group_id = ${row!.group_id} AND owner_id IS NULL
              AND language_id = (SELECT language_id FROM languages WHERE iso_639_1 = 'en')`,
      );
      try {
        const { items } = await json(
          await post('/v1/legal/fragments/texts', { fragment_ids: [row!.id, row!.id], lang: 'en' }, a.session),
          FragmentTexts,
        );
        expect(items).toHaveLength(1);
        expect(items[0]!.text).toBe('Having regard to the tests,');
        expect(items[0]!.translation).toEqual(IMPORTED);
      } finally {
        await db.execute(sql`DELETE FROM fragments WHERE id = ${layerId}`);
      }
    });
  });

  describe('GET /v1/legal/fragments/{id}/text', () => {
    it('answers A privately, with the state, the old source and an ETag that follows the state', async () => {
      const response = await get(`/v1/legal/fragments/${par1.id}/text`, a.session);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"t-/);
      expect(await json(response, FragmentText)).toEqual({
        text: par1.text,
        document_id: actId,
        branch_id: par1.source.branch_id,
        node_id: par1.source.node_id,
        language_id: expect.any(Number),
        language_code: 'en',
        translation: { status: 'reviewed', stale: true, origin: 'translated' },
        stale_source_text: 'Tento zákon upravoval zkoušky.',
      });
      expect((await get(`/v1/legal/fragments/${par1.id}/text`, a.session, { 'if-none-match': etag })).status).toBe(304);

      // Clearing the flag changes no text but the answer: a new ETag.
      await server.database.db.execute(sql`UPDATE fragments SET stale = false WHERE id = ${par1.id}`);
      try {
        const cleared = await get(`/v1/legal/fragments/${par1.id}/text`, a.session, { 'if-none-match': etag });
        expect(cleared.status).toBe(200);
        expect(cleared.headers.get('etag')).not.toBe(etag);
        const body = await json(cleared, FragmentText);
        expect(body.translation.stale).toBe(false);
        expect(body.stale_source_text).toBeNull();
      } finally {
        await server.database.db.execute(sql`UPDATE fragments SET stale = true WHERE id = ${par1.id}`);
      }
    });

    it('answers 404 to the others, as for an unknown id', async () => {
      for (const [who, session] of others()) {
        const response = await get(`/v1/legal/fragments/${par1.id}/text`, session);
        expect(response.status, who).toBe(404);
        expect(response.headers.get('etag'), who).toBeNull();
        await expectApiError(response, 404, 'not_found');
      }
    });

    it('keeps imported text as it was: shared no-cache, the uid as ETag, imported state', async () => {
      for (const session of [undefined, a.session, b.session]) {
        const response = await get(`/v1/legal/fragments/${par1.source.id}/text`, session);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(response.headers.get('etag')).not.toMatch(/^"t-/);
        const body = await json(response, FragmentText);
        expect(body.translation).toEqual(IMPORTED);
        expect(body.stale_source_text).toBeNull();
      }
    });
  });

  describe('GET /v1/legal/fragments/{id}/spans', () => {
    it('lists the spans of A’s translation to A only', async () => {
      const { items } = await json(await get(`/v1/legal/fragments/${par2.id}/spans`, a.session), SpanList);
      expect(items.map((s) => [s.fragment_id, par2.text.slice(s.abs_start, s.abs_end)])).toEqual([[par2.id, '§ 1']]);
      for (const [who, session] of others()) {
        const response = await get(`/v1/legal/fragments/${par2.id}/spans`, session);
        expect(response.status, who).toBe(404);
        await expectApiError(response, 404, 'not_found');
      }
      // A fragment without spans is still an empty list; an imported one reads as before.
      expect((await json(await get(`/v1/legal/fragments/${par1.id}/spans`, a.session), SpanList)).items).toEqual([]);
      const imported = await get(`/v1/legal/fragments/${par2.source.id}/spans`, b.session);
      expect(imported.status).toBe(200);
    });
  });

  describe('GET /v1/legal/documents/{id}/languages and /fragments', () => {
    it('offers A the language A translated into, with A’s count', async () => {
      const answer = await get(`/v1/legal/documents/${actId}/languages`, a.session);
      // A's answer is A's: no shared cache may keep it for someone else.
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect(answer.headers.get('vary')).toMatch(/\bCookie\b/);
      const mine = await json(answer, DocumentLanguageList);
      expect(mine.items.map((l) => [l.iso_639_1, l.fragments])).toEqual([
        ['cs', expect.any(Number)],
        ['en', 2],
      ]);
      for (const [who, session] of others()) {
        const theirs = await json(await get(`/v1/legal/documents/${actId}/languages`, session), DocumentLanguageList);
        expect(
          theirs.items.map((l) => l.iso_639_1),
          who,
        ).toEqual(['cs']);
      }
    });

    it('pages A’s English fragments to A only', async () => {
      const mine = await json(await get(`/v1/legal/documents/${actId}/fragments?lang=en`, a.session), FragmentPage);
      expect(mine.items.map((f) => f.id)).toEqual([par1.id, par2.id]);
      for (const [who, session] of others()) {
        const theirs = await json(await get(`/v1/legal/documents/${actId}/fragments?lang=en`, session), FragmentPage);
        expect(theirs.items, who).toEqual([]);
      }
    });
  });

  describe('GET /v1/legal/alignment-members', () => {
    it('lists A’s translation with its state to A', async () => {
      for (const query of [
        `fragment_id=${par1.source.id}`,
        `fragment_id=${par1.id}`,
        `group_id=${par1.source.group_id}`,
      ]) {
        const body = await json(await get(`/v1/legal/alignment-members?${query}`, a.session), AlignmentMembers);
        expect(
          body.items.map((m) => [m.fragment_id, m.language_code, m.origin, m.status, m.stale]),
          query,
        ).toEqual([
          [par1.source.id, 'cs', 'imported', null, false],
          [par1.id, 'en', 'translated', 'reviewed', true],
        ]);
      }
    });

    it('lists imported members only to the others, and A’s fragment id is unknown to them', async () => {
      for (const [who, session] of others()) {
        const body = await json(
          await get(`/v1/legal/alignment-members?group_id=${par2.source.group_id}`, session),
          AlignmentMembers,
        );
        expect(
          body.items.map((m) => [m.fragment_id, m.origin]),
          who,
        ).toEqual([[par2.source.id, 'imported']]);
        const unknown = await expectApiError(
          await get(`/v1/legal/alignment-members?fragment_id=${par2.id}`, session),
          404,
          'not_found',
        );
        expect(unknown.field, who).toBe('fragment_id');
      }
    });
  });

  describe('translation memory', () => {
    const query = (viewerId: string | null) =>
      lookupMemory(server.database.db, {
        sourceText: 'Zkouška se koná jen podle § 1.',
        sourceLanguageId: languageIds.cs,
        targetLanguageId: languageIds.en,
        viewerId,
      });

    it('suggests A’s unreviewed translation to A, 5 points lower until reviewed', async () => {
      const { db } = server.database;
      const [unreviewed] = await query(a.id);
      expect(unreviewed).toMatchObject({ text: par2.text, kind: 'fuzzy', source_text: 'Zkouška se koná podle § 1.' });
      expect(unreviewed!.provenance).toEqual([
        expect.objectContaining({
          source: 'library',
          fragment_id: par2.id,
          origin: 'translated',
          status: 'translated',
        }),
      ]);
      await db.execute(sql`UPDATE fragments SET translation_status = 'reviewed' WHERE id = ${par2.id}`);
      try {
        const [reviewed] = await query(a.id);
        expect(reviewed!.score - unreviewed!.score).toBe(UNREVIEWED_PENALTY);
        expect(reviewed!.provenance).toEqual([expect.objectContaining({ status: 'reviewed' })]);
      } finally {
        await db.execute(sql`UPDATE fragments SET translation_status = 'translated' WHERE id = ${par2.id}`);
      }
    });

    it('never suggests A’s translation to anyone else', async () => {
      expect(await query(b.id)).toEqual([]);
      expect(await query(null)).toEqual([]);
    });

    it('previews A’s translation to A through POST /v1/legal/translate, and nothing to B', async () => {
      const body = { source_fragment_id: snapshotPar2.id, target_language_code: 'en' };
      const mine = await json(await a.session.post('/v1/legal/translate', body), TranslateResponse);
      expect(mine.translation_preview).toBe(par2.text);
      // The same source text: an exact match keeps 100 even unreviewed (the penalty is for fuzzy ones).
      expect(mine.suggestions[0]).toMatchObject({ kind: 'exact', score: 100 });
      expect(mine.suggestions[0]!.provenance).toEqual([
        expect.objectContaining({ fragment_id: par2.id, origin: 'translated', status: 'translated' }),
      ]);
      await expectApiError(await b.session.post('/v1/legal/translate', body), 422, 'no_translation_available');
    });
  });

  describe('reads that serve everyone alike', () => {
    it('compares versions without any layer, for anyone', async () => {
      for (const session of [undefined, a.session, b.session]) {
        expect(await compare(session)).toEqual(comparisonBefore);
        expect(await changes('', session)).toEqual(changesBefore);
        expect(await changes('&lang=en', session)).toEqual(enChangesBefore);
      }
    });

    it('never finds a layer in the Copilot’s search', async () => {
      const { db } = server.database;
      // The in-memory index (one language) and SQL (all languages) alike.
      expect(await searchFragments(db, ['examination'], { language: 'en' })).toEqual([]);
      expect(await searchFragments(db, ['examination'], {})).toEqual([]);
      expect(await searchFragments(db, ['zkousk'], { language: 'cs' })).not.toEqual([]);
      expect(await findFragment(db, par1.id)).toBeUndefined();
      expect(await findFragment(db, par1.source.id)).toBeDefined();
    });
  });
});
