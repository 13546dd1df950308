// The translation editor's reads over HTTP: alignment members and the legal languages, on PGlite
// and (with DATABASE_URL) PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { FragmentPage } from '../../src/api/contract/documents.js';
import { AlignmentMembers, LegalLanguageList } from '../../src/api/contract/translation.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, bilingualAct } from '../support/fixture-documents.js';

const bilingualId = documentIdFor(bilingualAct.externalId);
const actId = documentIdFor(actVersion2020.externalId);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
type Fragments = z.infer<typeof FragmentPage>['items'];

describe.each(ENGINES)('translation reads on %s', (engine) => {
  let server: TestServer;
  /** Fragments of the bilingual act by language (document order), and of the Czech-only act. */
  let en: Fragments;
  let cs: Fragments;
  let czechOnly: Fragments;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    const page = async (id: string, lang: string) =>
      (await json(await server.get(`/v1/legal/documents/${id}/fragments?lang=${lang}`), FragmentPage)).items;
    en = await page(bilingualId, 'en');
    cs = await page(bilingualId, 'cs');
    czechOnly = await page(actId, 'cs');
  });
  afterAll(() => server?.close());

  const members = async (query: string) =>
    json(await server.get(`/v1/legal/alignment-members?${query}`), AlignmentMembers);

  describe('GET /v1/legal/alignment-members', () => {
    it('lists the group of a fragment, the source language first, all imported', async () => {
      const fragment = cs[1]!;
      const body = await members(`fragment_id=${fragment.id}`);
      expect(body.group_id).toBe(fragment.group_id);
      expect(body.items).toEqual([
        {
          fragment_id: en[1]!.id,
          language_code: 'en',
          language_id: 2,
          language_name: 'English',
          origin: 'imported',
          status: null,
          stale: false,
        },
        {
          fragment_id: fragment.id,
          language_code: 'cs',
          language_id: 1,
          language_name: 'Czech',
          origin: 'imported',
          status: null,
          stale: false,
        },
      ]);
    });

    it('answers the same by group id, and with both when they agree', async () => {
      const fragment = en[2]!;
      const byFragment = await members(`fragment_id=${fragment.id}`);
      expect(await members(`group_id=${fragment.group_id}`)).toEqual(byFragment);
      expect(await members(`group_id=${fragment.group_id}&fragment_id=${fragment.id}`)).toEqual(byFragment);
      expect(byFragment.items.map((m) => m.fragment_id)).toEqual([fragment.id, cs[2]!.id]);
    });

    it('lists a single-language group with one member', async () => {
      const fragment = czechOnly[0]!;
      const body = await members(`group_id=${fragment.group_id}`);
      expect(body.items.map((m) => [m.fragment_id, m.language_code])).toEqual([[fragment.id, 'cs']]);
    });

    it('refuses a group and a fragment that disagree', async () => {
      const response = await server.get(
        `/v1/legal/alignment-members?group_id=${en[0]!.group_id}&fragment_id=${cs[1]!.id}`,
      );
      expect((await expectApiError(response, 400, 'validation_failed')).field).toBe('group_id');
    });

    it('answers 404 for an unknown fragment or group', async () => {
      const byFragment = await expectApiError(
        await server.get(`/v1/legal/alignment-members?fragment_id=${UNKNOWN}`),
        404,
        'not_found',
      );
      expect(byFragment.field).toBe('fragment_id');
      await expectApiError(await server.get(`/v1/legal/alignment-members?group_id=${UNKNOWN}`), 404, 'not_found');
      // A real group id is not a fragment id.
      await expectApiError(
        await server.get(`/v1/legal/alignment-members?fragment_id=${en[0]!.group_id}`),
        404,
        'not_found',
      );
    });

    it('answers 4xx with a contract error body to malformed queries, never 5xx', async () => {
      const id = en[0]!.id;
      const queries = [
        '',
        'group_id=',
        'fragment_id=',
        'group_id=not-a-uuid',
        'fragment_id=42',
        `fragment_id=${id}&fragment_id=${id}`,
        `group_id[]=${id}`,
        `group_id[$ne]=x`,
        `fragment_id=${id}%00`,
        `fragment_id=${'a'.repeat(5000)}`,
        'group_id=%F0%9F%98%80',
        'fragment_id=%E0%A4%A',
        `group_id=${id.toUpperCase()}x`,
      ];
      for (const query of queries) {
        const response = await server.get(`/v1/legal/alignment-members?${query}`);
        expect(response.status, query).toBeGreaterThanOrEqual(400);
        expect(response.status, query).toBeLessThan(500);
        expect(ErrorBody.safeParse(await response.json()).success, query).toBe(true);
      }
      const missing = await expectApiError(await server.get('/v1/legal/alignment-members'), 400, 'validation_failed');
      expect(missing.field).toBe('group_id');
    });
  });

  describe('GET /v1/legal/languages', () => {
    it('lists the languages table by name, a newly added code included', async () => {
      await server.database.db.execute(
        sql`INSERT INTO languages (language_id, iso_639_1, name) VALUES (901, 'xq', 'Aaa Test Language')`,
      );
      const { items } = await json(await server.get('/v1/legal/languages'), LegalLanguageList);
      expect(items[0]).toEqual({ language_id: 901, iso_639_1: 'xq', name: 'Aaa Test Language' });
      expect(items).toContainEqual({ language_id: 1, iso_639_1: 'cs', name: 'Czech' });
      expect(items).toContainEqual({ language_id: 2, iso_639_1: 'en', name: 'English' });
      const names = items.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(items.map((l) => l.iso_639_1)).size).toBe(items.length);
    });

    it('is not the interface language list', async () => {
      const { items } = await json(await server.get('/v1/legal/languages'), LegalLanguageList);
      expect(items.length).toBeGreaterThan(2);
    });
  });
});
