// The public reading API over HTTP on the real server, on PGlite and (with DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BranchList,
  Comparison,
  Document,
  DocumentLanguageList,
  DocumentList,
  FragmentPage,
  FragmentText,
  FragmentTexts,
  InterfaceLanguageList,
  NodeList,
  SpanList,
  AutocompleteList,
} from '../../src/api/contract/index.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, actVersion2024, bilingualAct, numberedAct } from '../support/fixture-documents.js';

const actId = documentIdFor(actVersion2020.externalId);
const bilingualId = documentIdFor(bilingualAct.externalId);

describe.each(ENGINES)('reading API on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    // The newer version first: branch names must not depend on import order.
    await storeVersion(db, actVersion2024, 'fixture-2024');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    await storeVersion(db, numberedAct(1, 'Ústava zkušební republiky'), 'fixture-1');
    await storeVersion(db, numberedAct(10, 'Zákon o daních'), 'fixture-10');
  });
  afterAll(() => server?.close());

  // The shared check, and the errors of the reading API are JSON whatever went wrong.
  const expectError = async (response: Response, status: number, detail: string) => {
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    return expectApiError(response, status, detail);
  };

  describe('documents', () => {
    it('lists documents with counts of their main branch', async () => {
      const { items } = await json(await server.get('/v1/legal/documents'), DocumentList);
      expect(items).toHaveLength(4);
      const act = items.find((d) => d.id === actId)!;
      expect(act.external_id).toBe('99/2020 Sb.');
      expect(act.branch?.name).toBe('main');
      expect(act.counts).toEqual({ nodes: 8, fragments: 8 });
    });

    it('finds a law by its number the way people type it', async () => {
      for (const typed of ['99/2020', '99/2020 Sb.', '99/2020 sb', ' 99/2020Sb. ']) {
        const { items } = await json(
          await server.get(`/v1/legal/documents?external_id=${encodeURIComponent(typed)}`),
          DocumentList,
        );
        expect(
          items.map((d) => d.external_id),
          typed,
        ).toEqual(['99/2020 Sb.']);
      }
      const { items } = await json(await server.get('/v1/legal/documents?external_id=1'), DocumentList);
      expect(items.map((d) => d.external_id)).toEqual(['1/2001 Sb.', '10/2001 Sb.']);
    });

    it('searches titles insensitive to case and diacritics', async () => {
      const { items } = await json(await server.get('/v1/legal/documents?q=USTAVA'), DocumentList);
      expect(items.map((d) => d.external_id)).toEqual(['1/2001 Sb.']);
    });

    it('honours limit and offset', async () => {
      const first = await json(await server.get('/v1/legal/documents?limit=2'), DocumentList);
      const second = await json(await server.get('/v1/legal/documents?limit=2&offset=2'), DocumentList);
      expect(first.items).toHaveLength(2);
      expect(second.items).toHaveLength(2);
      expect(first.items.map((d) => d.id)).not.toContain(second.items[0]!.id);
    });

    it('returns one document, its newest metadata and earliest dates', async () => {
      const doc = await json(await server.get(`/v1/legal/documents/${actId}`), Document);
      expect(doc.title).toBe('Zákon o zkušebních předpisech');
      expect(doc.published_date).toBe('2020-03-01');
      expect(doc.effective_date).toBe('2020-04-01');
      expect(doc.languages).toEqual(['cs']);
      expect(doc.branch?.name).toBe('main');
      const old = await json(await server.get(`/v1/legal/documents/${actId}?branch=snapshot-2020-04-01`), Document);
      expect(old.branch?.name).toBe('snapshot-2020-04-01');
      expect(old.counts.nodes).toBe(8);
    });

    it('lists a document’s languages with fragment counts, main language first', async () => {
      const { items } = await json(
        await server.get(`/v1/legal/documents/${bilingualId}/languages`),
        DocumentLanguageList,
      );
      expect(items.map((l) => [l.iso_639_1, l.fragments])).toEqual([
        ['en', 4],
        ['cs', 4],
      ]);
      expect(items[0]!.name).toBe('English');
    });
  });

  describe('nodes', () => {
    it('returns the structure in document order with parent links', async () => {
      const { items } = await json(await server.get(`/v1/legal/documents/${actId}/nodes?mode=hierarchy`), NodeList);
      expect(items.map((n) => n.cite_key)).toEqual([
        'Hlava 1',
        '§ 1',
        '§ 2',
        'odst. 1',
        'odst. 2',
        'písm. a)',
        'písm. b)',
        '§ 2a',
      ]);
      const byKey = new Map(items.map((n) => [n.cite_key, n]));
      expect(byKey.get('písm. b)')!.derived_parent_id).toBe(byKey.get('odst. 2')!.id);
      expect(byKey.get('Hlava 1')!.derived_parent_id).toBeNull();
      expect(byKey.get('Hlava 1')!.title).toBe('Obecná ustanovení');
      expect(items.map((n) => n.order_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('pages and selects a branch by name or id', async () => {
      const page = await json(await server.get(`/v1/legal/documents/${actId}/nodes?limit=3&offset=6`), NodeList);
      expect(page.items.map((n) => n.cite_key)).toEqual(['písm. b)', '§ 2a']);
      const branches = await json(await server.get(`/v1/legal/branches?document_id=${actId}`), BranchList);
      const snapshot = branches.items.find((b) => b.kind === 'snapshot')!;
      const old = await json(await server.get(`/v1/legal/documents/${actId}/nodes?branch=${snapshot.id}`), NodeList);
      expect(old.items.map((n) => n.cite_key)).toContain('§ 3');
      expect(old.items.map((n) => n.cite_key)).not.toContain('§ 2a');
    });

    it('answers 404 for an unknown branch or document', async () => {
      await expectError(await server.get(`/v1/legal/documents/${actId}/nodes?branch=nope`), 404, 'not_found');
      await expectError(
        await server.get('/v1/legal/documents/00000000-0000-4000-8000-000000000000/nodes'),
        404,
        'not_found',
      );
    });
  });

  describe('fragments', () => {
    it('pages fragments in document order with a keyset cursor', async () => {
      const seen: string[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page = await json(
          await server.get(`/v1/legal/documents/${actId}/fragments?limit=3${query}`),
          FragmentPage,
        );
        seen.push(...page.items.map((f) => f.cite_key ?? ''));
        cursor = page.next_cursor;
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(['Hlava 1', '§ 1', '§ 2', 'odst. 1', 'odst. 2', 'písm. a)', 'písm. b)', '§ 2a']);
    });

    it('lists one language of a bilingual document, chosen by code or id', async () => {
      const en = await json(await server.get(`/v1/legal/documents/${bilingualId}/fragments`), FragmentPage);
      expect(en.items.every((f) => f.language_code === 'en')).toBe(true);
      const cs = await json(await server.get(`/v1/legal/documents/${bilingualId}/fragments?lang=cs`), FragmentPage);
      expect(cs.items.map((f) => f.group_id)).toEqual(en.items.map((f) => f.group_id));
      const byId = await json(
        await server.get(`/v1/legal/documents/${bilingualId}/fragments?language_id=${cs.items[0]!.language_id}`),
        FragmentPage,
      );
      expect(byId.items).toEqual(cs.items);
    });

    it('returns texts in batches, in an aligned language when asked', async () => {
      const en = await json(await server.get(`/v1/legal/documents/${bilingualId}/fragments`), FragmentPage);
      const ids = en.items.map((f) => f.id);
      const own = await json(await server.post('/v1/legal/fragments/texts', { fragment_ids: ids }), FragmentTexts);
      expect(own.items.map((t) => t.text)).toContain('This Regulation applies to tests.');
      const translated = await json(
        await server.post('/v1/legal/fragments/texts', { fragment_ids: ids, lang: 'cs' }),
        FragmentTexts,
      );
      expect(translated.items.map((t) => t.id)).toEqual(ids);
      expect(translated.items.map((t) => t.text)).toContain('Toto nařízení se vztahuje na zkoušky.');
      expect(translated.items.every((t) => t.language_code === 'cs')).toBe(true);
    });

    it('serves one text with a strong ETag and answers 304 when it matches', async () => {
      const page = await json(await server.get(`/v1/legal/documents/${actId}/fragments`), FragmentPage);
      const withText = page.items.find((f) => f.has_text)!;
      const first = await server.get(`/v1/legal/fragments/${withText.id}/text`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const body = await json(first, FragmentText);
      expect(body).toMatchObject({ document_id: actId, node_id: withText.node_id, language_code: 'cs' });
      expect(body.text).toBe('Tento zákon upravuje zkoušky.');
      const again = await server.get(`/v1/legal/fragments/${withText.id}/text`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      const stale = await server.get(`/v1/legal/fragments/${withText.id}/text`, { 'if-none-match': '"other"' });
      expect(stale.status).toBe(200);
    });

    it('lists reference spans that point at their target node', async () => {
      const page = await json(await server.get(`/v1/legal/documents/${actId}/fragments`), FragmentPage);
      const nodes = await json(await server.get(`/v1/legal/documents/${actId}/nodes`), NodeList);
      const paragraph = page.items.find((f) => f.cite_key === 'odst. 1')!;
      const { items } = await json(await server.get(`/v1/legal/fragments/${paragraph.id}/spans`), SpanList);
      expect(items).toHaveLength(1);
      const text = 'Zkouška se koná podle § 1.';
      expect(text.slice(items[0]!.abs_start, items[0]!.abs_end)).toBe('§ 1');
      expect(items[0]!.metadata.kind).toBe('reference');
      expect(items[0]!.metadata.target_node_id).toBe(nodes.items.find((n) => n.cite_key === '§ 1')!.id);
    });
  });

  describe('versions and comparison', () => {
    it('names the newest version in force main and the others snapshots', async () => {
      const { items } = await json(await server.get(`/v1/legal/branches?document_id=${actId}`), BranchList);
      expect(items.map((b) => [b.name, b.kind, b.valid_from])).toEqual([
        ['main', 'main', '2024-01-01'],
        ['snapshot-2020-04-01', 'snapshot', '2020-04-01'],
      ]);
      const snapshots = await json(await server.get(`/v1/legal/snapshots?document_id=${actId}`), BranchList);
      expect(snapshots.items.map((b) => b.name)).toEqual(['snapshot-2020-04-01']);
    });

    it('compares two versions; the counts add up', async () => {
      const { items } = await json(await server.get(`/v1/legal/branches?document_id=${actId}`), BranchList);
      const [main, snapshot] = items;
      const result = await json(
        await server.get(`/v1/legal/compare?branch_id_a=${snapshot!.id}&branch_id_b=${main!.id}`),
        Comparison,
      );
      const { counts } = result;
      expect(counts).toEqual({ a_total: 8, b_total: 8, in_both: 6, only_in_a: 2, only_in_b: 2 });
      expect(counts.a_total).toBe(counts.in_both + counts.only_in_a);
      expect(counts.b_total).toBe(counts.in_both + counts.only_in_b);
      expect(result.only_in_a).toHaveLength(2);
      expect(result.only_in_a[0]!.fragment_uid).toBeTruthy();
      const withoutUids = await json(
        await server.get(
          `/v1/legal/compare?branch_id_a=${snapshot!.id}&branch_id_b=${main!.id}&include_uids=false&limit=1`,
        ),
        Comparison,
      );
      expect(withoutUids.only_in_b).toHaveLength(1);
      expect(withoutUids.only_in_b[0]!.fragment_uid).toBeUndefined();
    });

    it('compares a branch with itself as all in both', async () => {
      const { items } = await json(await server.get(`/v1/legal/branches?document_id=${actId}`), BranchList);
      const { counts } = await json(
        await server.get(`/v1/legal/compare?branch_id_a=${items[0]!.id}&branch_id_b=${items[0]!.id}`),
        Comparison,
      );
      expect(counts).toEqual({ a_total: 8, b_total: 8, in_both: 8, only_in_a: 0, only_in_b: 0 });
    });
  });

  describe('search and meta', () => {
    it('autocompletes titles without diacritics, with typos, and numbers', async () => {
      const search = async (q: string) =>
        (await json(await server.get(`/v1/search/autocomplete?q=${encodeURIComponent(q)}`), AutocompleteList)).items;
      expect((await search('ustava'))[0]?.external_id).toBe('1/2001 Sb.');
      expect((await search('ÚSTAVA'))[0]?.external_id).toBe('1/2001 Sb.');
      expect((await search('ustva'))[0]?.external_id).toBe('1/2001 Sb.');
      expect((await search('zkusebnich'))[0]?.external_id).toBe('99/2020 Sb.');
      expect((await search('99/2020'))[0]?.external_id).toBe('99/2020 Sb.');
      expect((await search('10/2001'))[0]).toMatchObject({ external_id: '10/2001 Sb.', group: 'search' });
      expect(await search('')).toEqual([]);
      expect(await search('qqqqxxxx')).toEqual([]);
    });

    it('lists the interface languages', async () => {
      const { items } = await json(await server.get('/v1/languages'), InterfaceLanguageList);
      expect(items.map((l) => l.code)).toEqual(['en', 'cs']);
      expect(items[1]!.native_name).toBe('Čeština');
    });

    it('answers health checks', async () => {
      const response = await server.get('/healthz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('publishes an OpenAPI document listing every route', async () => {
      const doc = z
        .object({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
        .parse(await (await server.get('/v1/openapi.json')).json());
      expect(doc.openapi).toBe('3.1.0');
      for (const path of [
        '/v1/legal/documents',
        '/v1/legal/documents/{id}',
        '/v1/legal/documents/{id}/languages',
        '/v1/legal/documents/{id}/nodes',
        '/v1/legal/documents/{id}/fragments',
        '/v1/legal/fragments/texts',
        '/v1/legal/fragments/{id}/text',
        '/v1/legal/fragments/{id}/spans',
        '/v1/legal/branches',
        '/v1/legal/snapshots',
        '/v1/legal/compare',
        '/v1/languages',
        '/v1/search/autocomplete',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      expect(doc.paths['/v1/legal/fragments/texts']!.post).toBeDefined();
    });
  });

  describe('bad input is a clear 4xx, never a 500', () => {
    it('rejects malformed ids, limits, cursors and languages naming the field', async () => {
      expect(
        (await expectError(await server.get('/v1/legal/documents/not-a-uuid'), 400, 'validation_failed')).field,
      ).toBe('id');
      expect(
        (await expectError(await server.get('/v1/legal/documents?limit=abc'), 400, 'validation_failed')).field,
      ).toBe('limit');
      expect((await expectError(await server.get('/v1/legal/documents?limit=0'), 400, 'validation_failed')).field).toBe(
        'limit',
      );
      expect(
        (await expectError(await server.get('/v1/legal/documents?offset=-1'), 400, 'validation_failed')).field,
      ).toBe('offset');
      const badCursor = await server.get(`/v1/legal/documents/${actId}/fragments?cursor=garbage`);
      expect((await expectError(badCursor, 400, 'validation_failed')).field).toBe('cursor');
      const badLang = await server.get(`/v1/legal/documents/${actId}/fragments?lang=xx`);
      expect((await expectError(badLang, 400, 'validation_failed')).field).toBe('lang');
      const badCompare = await server.get('/v1/legal/compare?branch_id_a=x');
      expect((await expectError(badCompare, 400, 'validation_failed')).field).toBe('branch_id_a');
      await expectError(
        await server.get(
          '/v1/legal/compare?branch_id_a=00000000-0000-4000-8000-000000000000&branch_id_b=00000000-0000-4000-8000-000000000001',
        ),
        404,
        'not_found',
      );
    });

    it('caps a too large limit instead of failing', async () => {
      const { items } = await json(await server.get('/v1/legal/documents?limit=100000'), DocumentList);
      expect(items.length).toBeGreaterThan(0);
    });

    it('rejects malformed bodies', async () => {
      await expectError(await server.post('/v1/legal/fragments/texts', '{not json'), 400, 'invalid_json');
      await expectError(await server.post('/v1/legal/fragments/texts', {}), 400, 'validation_failed');
      await expectError(await server.post('/v1/legal/fragments/texts', { fragment_ids: [] }), 400, 'validation_failed');
      await expectError(
        await server.post('/v1/legal/fragments/texts', { fragment_ids: ['x'] }),
        400,
        'validation_failed',
      );
      const tooMany = Array.from({ length: 201 }, () => '00000000-0000-4000-8000-000000000000');
      await expectError(
        await server.post('/v1/legal/fragments/texts', { fragment_ids: tooMany }),
        400,
        'validation_failed',
      );
      await expectError(await server.post('/v1/legal/fragments/texts', '[1,2]'), 400, 'validation_failed');
      const plain = await fetch(`${server.url}/v1/legal/fragments/texts`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(plain.status).toBe(415);
    });

    it('answers unknown routes under /v1 with JSON 404', async () => {
      await expectError(await server.get('/v1/nope'), 404, 'not_found');
      await expectError(
        await server.get('/v1/legal/fragments/00000000-0000-4000-8000-000000000000/text'),
        404,
        'not_found',
      );
      await expectError(
        await server.get('/v1/legal/fragments/00000000-0000-4000-8000-000000000000/spans'),
        404,
        'not_found',
      );
    });

    it('survives a fuzz of malformed query strings without a 500', async () => {
      const values = [
        '',
        '%00',
        '-1',
        '1e9',
        '[]',
        '{}',
        "'; drop table documents; --",
        'ž'.repeat(300),
        '0x10',
        'NaN',
      ];
      const paths = [
        (v: string) => `/v1/legal/documents?external_id=${encodeURIComponent(v)}&limit=${encodeURIComponent(v)}`,
        (v: string) => `/v1/legal/documents?q=${encodeURIComponent(v)}`,
        (v: string) =>
          `/v1/legal/documents/${actId}/nodes?limit=${encodeURIComponent(v)}&branch=${encodeURIComponent(v)}`,
        (v: string) =>
          `/v1/legal/documents/${actId}/fragments?cursor=${encodeURIComponent(v)}&language_id=${encodeURIComponent(v)}`,
        (v: string) => `/v1/search/autocomplete?q=${encodeURIComponent(v)}&limit=${encodeURIComponent(v)}`,
        (v: string) => `/v1/legal/branches?document_id=${encodeURIComponent(v)}`,
        (v: string) =>
          `/v1/legal/compare?branch_id_a=${encodeURIComponent(v)}&branch_id_b=${encodeURIComponent(v)}&include_uids=${encodeURIComponent(v)}`,
      ];
      for (const path of paths) {
        for (const value of values) {
          const response = await server.get(path(value));
          expect(response.status, path(value)).toBeLessThan(500);
        }
      }
    });
  });

  describe('importing', () => {
    it('changes nothing when the same version is imported again', async () => {
      const before = await json(await server.get(`/v1/legal/documents/${actId}`), Document);
      const again = await storeVersion(server.database.db, actVersion2024, 'fixture-2024');
      expect(again.status).toBe('unchanged');
      const after = await json(await server.get(`/v1/legal/documents/${actId}`), Document);
      expect(after).toEqual(before);
    });
  });
});
