// Reading history, pins, the language preference and the personal groups of quick search over
// HTTP, on PGlite and (with DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OkResponse } from '../../src/api/contract/auth.js';
import { ErrorBody } from '../../src/api/contract/common.js';
import {
  AccessedDocumentList,
  DocumentAccessStats,
  LanguagePreferenceResponse,
  PinState,
  PinnedDocumentList,
} from '../../src/api/contract/history.js';
import { AutocompleteList } from '../../src/api/contract/search.js';
import { UserEtag } from '../../src/api/contract/users.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { autocomplete } from '../../server/library/autocomplete.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { bilingualAct, numberedAct } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

type Who = TestAccount;

const TITLES = [
  'Zákon o daních z příjmů',
  'Zákon o dani z přidané hodnoty',
  'Občanský zákoník',
  'Trestní zákoník',
  'Zákon o obcích',
  'Zákon o krajích',
  'Správní řád',
  'Daňový řád',
];
const acts = TITLES.map((title, index) => numberedAct(index + 1, title));
const ids = acts.map((act) => documentIdFor(act.externalId));
const bilingualId = documentIdFor(bilingualAct.externalId);
const UNKNOWN_DOCUMENT = '00000000-0000-4000-8000-000000000000';

describe.each(ENGINES)('history, pins and quick search (%s)', (engine) => {
  let server: TestServer;
  let reader: Who;

  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const act of [...acts, bilingualAct]) await storeVersion(server.database.db, act, `fixture-${act.externalId}`);
    reader = await registerAndLogin(server, { first_name: 'Rita', last_name: 'Reader' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const visit = async (who: Who, documentId: string, sessionId: string, context = 'view') => {
    const response = await who.session.post('/v1/user/document-access', {
      document_id: documentId,
      context,
      session_id: sessionId,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, OkResponse);
  };
  const stats = async (who: Who, documentId: string) =>
    json(await who.session.get(`/v1/user/document-access/stats/${documentId}`), DocumentAccessStats);
  const recent = async (who: Who, limit?: number) =>
    (
      await json(
        await who.session.get(`/v1/user/document-access/recent${limit ? `?limit=${limit}` : ''}`),
        AccessedDocumentList,
      )
    ).items;
  const frequent = async (who: Who, limit?: number) =>
    (
      await json(
        await who.session.get(`/v1/user/document-access/frequent${limit ? `?limit=${limit}` : ''}`),
        AccessedDocumentList,
      )
    ).items;
  const quick = async (session: HttpSession, q = '', limit?: number) => {
    const response = await session.get(
      `/v1/search/autocomplete?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    );
    expect(response.status).toBe(200);
    return (await json(response, AutocompleteList)).items;
  };

  describe('language preference', () => {
    it('is null at first for a user registered without one, saves en or cs and bumps the ETag', async () => {
      const who = await registerAndLogin(server, { first_name: 'Lena', last_name: 'Language', language: undefined });
      const first = await json(await who.session.get('/v1/preferences/language'), LanguagePreferenceResponse);
      expect(['en', 'cs', null]).toContain(first.language);
      const etag = async () => (await json(await who.session.get(`/v1/users/${who.user.id}/etag`), UserEtag)).etag;
      const before = await etag();
      const saved = await json(
        await who.session.post('/v1/preferences/language', { language: first.language === 'cs' ? 'en' : 'cs' }),
        LanguagePreferenceResponse,
      );
      expect(saved.language).toBe(first.language === 'cs' ? 'en' : 'cs');
      expect((await json(await who.session.get('/v1/preferences/language'), LanguagePreferenceResponse)).language).toBe(
        saved.language,
      );
      const after = await etag();
      expect(after).not.toBe(before);
      // The same language again is no change.
      await who.session.post('/v1/preferences/language', { language: saved.language });
      expect(await etag()).toBe(after);
      const me = (await (await who.session.get('/v1/auth/me')).json()) as { user: { language: string } };
      expect(me.user.language).toBe(saved.language);
    });

    it('accepts only en and cs', async () => {
      for (const body of [
        { language: 'de' },
        { language: 'EN' },
        { language: null },
        {},
        { language: ['en'] },
        '{',
        'null',
      ]) {
        const response = await reader.session.post('/v1/preferences/language', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('reading history', () => {
    it('counts a page view once, a new view again; stats follow', async () => {
      const who = await registerAndLogin(server, { first_name: 'Hana', last_name: 'History' });
      const never = await stats(who, ids[0]!);
      expect(never).toEqual({
        document_id: ids[0],
        access_count: 0,
        first_accessed_at: null,
        last_accessed_at: null,
        pinned: false,
      });

      await visit(who, ids[0]!, 'view-1');
      await visit(who, ids[0]!, 'view-1');
      await visit(who, ids[0]!, 'view-1', 'autocomplete');
      const once = await stats(who, ids[0]!);
      expect(once.access_count).toBe(1);
      expect(once.first_accessed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(once.last_accessed_at).toBe(once.first_accessed_at);

      await visit(who, ids[0]!, 'view-2');
      const twice = await stats(who, ids[0]!);
      expect(twice.access_count).toBe(2);
      expect(twice.first_accessed_at).toBe(once.first_accessed_at);
      expect(Date.parse(twice.last_accessed_at!)).toBeGreaterThanOrEqual(Date.parse(once.last_accessed_at!));
      // Another user's history is separate.
      expect((await stats(reader, ids[0]!)).access_count).toBe(0);
    });

    it('lists recent newest first and frequent by count, with titles and numbers', async () => {
      const who = await registerAndLogin(server, { first_name: 'Ruda', last_name: 'Recent' });
      expect(await recent(who)).toEqual([]);
      // Counts: doc0 ×3, doc1 ×1, doc2 ×2; visited last: doc1.
      await visit(who, ids[0]!, 'a');
      await visit(who, ids[2]!, 'b');
      await visit(who, ids[0]!, 'c');
      await visit(who, ids[2]!, 'd');
      await visit(who, ids[0]!, 'e');
      await visit(who, ids[1]!, 'f');
      const byTime = await recent(who);
      expect(byTime.map((d) => d.document_id)).toEqual([ids[1], ids[0], ids[2]]);
      expect(byTime[1]).toMatchObject({ title: TITLES[0], external_id: '1/2001 Sb.', access_count: 3 });
      const byCount = await frequent(who);
      expect(byCount.map((d) => [d.document_id, d.access_count])).toEqual([
        [ids[0], 3],
        [ids[2], 2],
        [ids[1], 1],
      ]);
      expect((await recent(who, 2)).map((d) => d.document_id)).toEqual([ids[1], ids[0]]);
      expect(await frequent(who, 1)).toHaveLength(1);
    });

    it('answers 404 for unknown documents and 400 for malformed records', async () => {
      await expectApiError(
        await reader.session.post('/v1/user/document-access', {
          document_id: UNKNOWN_DOCUMENT,
          context: 'view',
          session_id: 'x',
        }),
        404,
        'not_found',
      );
      await expectApiError(
        await reader.session.get(`/v1/user/document-access/stats/${UNKNOWN_DOCUMENT}`),
        404,
        'not_found',
      );
      for (const body of [
        { document_id: ids[0], context: 'view', session_id: '' },
        { document_id: ids[0], context: 'view', session_id: '\u0000\u0001' },
        { document_id: ids[0], context: 'view', session_id: 'x'.repeat(65) },
        { document_id: ids[0], context: 'telepathy', session_id: 'x' },
        { document_id: 'nope', context: 'view', session_id: 'x' },
        { document_id: ids[0], session_id: 'x' },
      ]) {
        await expectApiError(await reader.session.post('/v1/user/document-access', body), 400, 'validation_failed');
      }
      for (const limit of ['0', '-1', 'abc', '1.5']) {
        expect((await reader.session.get(`/v1/user/document-access/recent?limit=${limit}`)).status, limit).toBe(400);
      }
      // Clamped, not refused.
      expect((await reader.session.get('/v1/user/document-access/frequent?limit=100000')).status).toBe(200);
    });
  });

  describe('pins', () => {
    it('pins and unpins idempotently, newest first, with stats', async () => {
      const who = await registerAndLogin(server, { first_name: 'Petr', last_name: 'Pinner' });
      expect((await json(await who.session.get('/v1/user/pins'), PinnedDocumentList)).items).toEqual([]);
      expect(await json(await who.session.put(`/v1/user/pins/${ids[3]}`), PinState)).toEqual({
        document_id: ids[3],
        pinned: true,
      });
      await who.session.put(`/v1/user/pins/${bilingualId}`);
      const again = await who.session.put(`/v1/user/pins/${ids[3]}`);
      expect(again.status).toBe(200);
      const { items } = await json(await who.session.get('/v1/user/pins'), PinnedDocumentList);
      expect(items.map((p) => p.document_id)).toEqual([bilingualId, ids[3]]);
      expect(items[0]).toMatchObject({ title: 'Regulation on test data', external_id: '32099R0001' });
      expect(items[0]!.pinned_at).toMatch(/Z$/);
      expect((await stats(who, ids[3]!)).pinned).toBe(true);

      expect(await json(await who.session.delete(`/v1/user/pins/${ids[3]}`), PinState)).toEqual({
        document_id: ids[3],
        pinned: false,
      });
      expect((await who.session.delete(`/v1/user/pins/${ids[3]}`)).status).toBe(200);
      expect((await stats(who, ids[3]!)).pinned).toBe(false);
      expect(
        (await json(await who.session.get('/v1/user/pins'), PinnedDocumentList)).items.map((p) => p.document_id),
      ).toEqual([bilingualId]);
      // Pins are per user.
      expect((await json(await reader.session.get('/v1/user/pins'), PinnedDocumentList)).items).toEqual([]);
    });

    it('answers 404 when pinning an unknown document, 400 for a malformed id', async () => {
      await expectApiError(await reader.session.put(`/v1/user/pins/${UNKNOWN_DOCUMENT}`), 404, 'not_found');
      await expectApiError(await reader.session.put('/v1/user/pins/not-a-uuid'), 400, 'validation_failed');
      await expectApiError(await reader.session.delete('/v1/user/pins/not-a-uuid'), 400, 'validation_failed');
    });
  });

  describe('quick search', () => {
    it('is unchanged for anonymous callers: search hits only, as the library answers them', async () => {
      const anonymous = new HttpSession(server.url);
      for (const q of ['', 'zakon', 'ZÁKONÍK', '1/2001', 'dan', 'xyz']) {
        const items = await quick(anonymous, q, 10);
        const expected = (await autocomplete(server.database.db, q, 10)).map((hit) => ({ ...hit, group: 'search' }));
        expect(items, q).toEqual(expected);
      }
      expect(await quick(anonymous, '')).toEqual([]);
    });

    it('adds pinned, recent and frequent groups for a logged-in user, each document once', async () => {
      const who = await registerAndLogin(server, { first_name: 'Quido', last_name: 'Quick' });
      expect(await quick(who.session, '')).toEqual([]);
      // Pinned: doc7, doc6. Visits: doc0..doc5 once each in order, then doc0 and doc1 again
      // (recent: doc1, doc0, doc5, doc4, doc3, then doc2; frequent: doc0, doc1 ×2).
      await who.session.put(`/v1/user/pins/${ids[7]}`);
      await who.session.put(`/v1/user/pins/${ids[6]}`);
      for (let index = 0; index < 6; index += 1) await visit(who, ids[index]!, `first-${index}`);
      await visit(who, ids[0]!, 'second-0');
      await visit(who, ids[1]!, 'second-1');
      // A pinned document read often stays in the pinned group.
      await visit(who, ids[6]!, 'p1');
      await visit(who, ids[6]!, 'p2');
      await visit(who, ids[6]!, 'p3');

      const items = await quick(who.session, '');
      const groups = items.map((item) => [item.group, item.document_id]);
      expect(groups).toEqual([
        ['pinned', ids[6]],
        ['pinned', ids[7]],
        ['recent', ids[1]],
        ['recent', ids[0]],
        ['recent', ids[5]],
        ['recent', ids[4]],
        ['recent', ids[3]],
        ['frequent', ids[2]],
      ]);
      expect(new Set(items.map((item) => item.document_id)).size).toBe(items.length);
      expect(items[0]).toMatchObject({ title: TITLES[6], external_id: '7/2001 Sb.' });
    });

    it('filters personal documents by the folded query and lists search hits after them, without repeats', async () => {
      const who = await registerAndLogin(server, { first_name: 'Filip', last_name: 'Filter' });
      await who.session.put(`/v1/user/pins/${ids[7]}`); // Daňový řád
      await visit(who, ids[0]!, 'a'); // Zákon o daních z příjmů
      await visit(who, ids[2]!, 'b'); // Občanský zákoník

      const items = await quick(who.session, 'DAN');
      expect(items.filter((item) => item.group !== 'search').map((item) => [item.group, item.document_id])).toEqual([
        ['pinned', ids[7]],
        ['recent', ids[0]],
      ]);
      const search = items.filter((item) => item.group === 'search').map((item) => item.document_id);
      expect(search).not.toContain(ids[7]);
      expect(search).not.toContain(ids[0]);
      // The rest of the ordinary hits, in their order.
      const ordinary = (await autocomplete(server.database.db, 'DAN', 20)).map((hit) => hit.document_id);
      expect(search).toEqual(ordinary.filter((id) => id !== ids[7] && id !== ids[0]));

      // By number, typed loosely.
      const byNumber = await quick(who.session, '3/2001');
      expect(byNumber[0]).toMatchObject({ group: 'recent', document_id: ids[2] });
      expect(byNumber.filter((item) => item.document_id === ids[2])).toHaveLength(1);
      // Nothing personal matches: only search hits.
      expect((await quick(who.session, 'regulation')).map((item) => item.group)).toEqual(['search']);
    });

    it('keeps each personal group to five documents', async () => {
      const who = await registerAndLogin(server, { first_name: 'Gustav', last_name: 'Groups' });
      for (const id of [...ids, bilingualId]) await who.session.put(`/v1/user/pins/${id}`);
      const items = await quick(who.session, '');
      expect(items.map((item) => item.group)).toEqual(['pinned', 'pinned', 'pinned', 'pinned', 'pinned']);
    });
  });

  describe('fuzz and authentication', () => {
    it('answers 4xx, never 500, to malformed bodies and params', async () => {
      const bodies: unknown[] = [
        '{',
        'null',
        '[]',
        '"x"',
        '0',
        {},
        { document_id: null },
        { document_id: ids[0], context: 'view', session_id: 5 },
        { document_id: ids[0], context: 'view', session_id: { $gt: '' } },
        { document_id: [ids[0]], context: 'view', session_id: 'x' },
        { language: 'cs'.repeat(1000) },
      ];
      for (const body of bodies) {
        for (const path of ['/v1/user/document-access', '/v1/preferences/language']) {
          const response = await reader.session.post(path, body);
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
      for (const param of ['%00', 'x'.repeat(300), "1'--", '00000000-0000-0000-0000-00000000000g']) {
        for (const [method, path] of [
          ['GET', `/v1/user/document-access/stats/${param}`],
          ['PUT', `/v1/user/pins/${param}`],
          ['DELETE', `/v1/user/pins/${param}`],
        ] as const) {
          const response = await reader.session.request(method, path);
          // 414 from the router for a parameter over its length limit.
          expect([400, 414], `${method} ${path}`).toContain(response.status);
        }
      }
      for (const q of ['%00', '%25%5F%5C', 'x'.repeat(201), '%F0%9F%98%80', '%C0%AF']) {
        const response = await reader.session.get(`/v1/search/autocomplete?q=${q}`);
        expect(response.status, q).toBeLessThan(500);
      }
      // A pin body is ignored, a query string with odd limits refused.
      expect((await reader.session.put(`/v1/user/pins/${ids[0]}`, '{')).status).toBeLessThan(500);
      await reader.session.delete(`/v1/user/pins/${ids[0]}`);
    });

    it('answers 401 to every private route without a session', async () => {
      const anonymous = new HttpSession(server.url);
      for (const [method, path, body] of [
        ['GET', '/v1/preferences/language'],
        ['POST', '/v1/preferences/language', { language: 'cs' }],
        ['POST', '/v1/user/document-access', { document_id: ids[0], context: 'view', session_id: 'x' }],
        ['GET', '/v1/user/document-access/recent'],
        ['GET', '/v1/user/document-access/frequent'],
        ['GET', `/v1/user/document-access/stats/${ids[0]}`],
        ['GET', '/v1/user/pins'],
        ['PUT', `/v1/user/pins/${ids[0]}`],
        ['DELETE', `/v1/user/pins/${ids[0]}`],
      ] as const) {
        const response = await anonymous.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect((await json(response, ErrorBody)).detail).toBe('not_authenticated');
      }
    });
  });
});
