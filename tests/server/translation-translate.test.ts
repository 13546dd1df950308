// POST /v1/legal/translate from the translation memory only, over HTTP on PGlite and (with
// DATABASE_URL) PostgreSQL: a Czech fragment of a real DGT-TM file gets its English segment at 100,
// the errors by status (401, 403 csrf, 400, 404, 422, 429) and fuzzed bodies never answer 5xx.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslateResponse } from '../../src/api/contract/translation.js';
import { sqlRows } from '../../server/db/sql.js';
import { importPaths } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`translation-translate tests skipped: ${CORPUS_SKIP_REASON}`);

const TMX_FILE = '22019D0391.tmx';
const PATH = '/v1/legal/translate';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const sameSpaces = (text: string) => text.replace(/\s+/gu, ' ').trim();

interface FragmentRow {
  id: string;
  group_id: string;
  text: string;
  has_text: boolean;
}

describe.skipIf(!hasCorpus).each(ENGINES)('POST /v1/legal/translate (%s)', (engine) => {
  let server: TestServer;
  let session: HttpSession;
  /** A Czech fragment of the DGT-TM document and the English text of its alignment group. */
  let czech: FragmentRow & { english: string; celex: string };
  /** A fragment of the Czech-only act (no English anywhere) and one with a cite key only. */
  let unmatched: FragmentRow;
  let citeKeyOnly: FragmentRow;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    const report = await importPaths(db, [corpusPath('eu-dgt-tm-tmx', TMX_FILE)]);
    expect(report.errors).toEqual([]);
    await storeVersion(db, actVersion2020, 'fixture-2020');
    const [pair] = await sqlRows<FragmentRow & { english: string; celex: string }>(
      db,
      sql`SELECT c.id, c.group_id, c.text, c.has_text, e.text AS english, d.external_id AS celex
          FROM fragments c
          JOIN languages lc ON lc.language_id = c.language_id AND lc.iso_639_1 = 'cs'
          JOIN fragments e ON e.group_id = c.group_id AND e.id <> c.id
          JOIN languages le ON le.language_id = e.language_id AND le.iso_639_1 = 'en'
          JOIN branches b ON b.id = c.branch_id JOIN documents d ON d.id = b.document_id
          WHERE c.has_text AND e.has_text AND length(c.text) BETWEEN 60 AND 250 AND c.text !~ '[0-9]'
          ORDER BY length(c.text), c.id LIMIT 1`,
    );
    expect(pair, 'a Czech DGT-TM fragment with an English one').toBeDefined();
    czech = pair!;
    const czechOnly = await sqlRows<FragmentRow>(
      db,
      sql`SELECT f.id, f.group_id, f.text, f.has_text FROM fragments f
          JOIN branches b ON b.id = f.branch_id JOIN documents d ON d.id = b.document_id
          WHERE d.external_id = ${actVersion2020.externalId} ORDER BY f.seq`,
    );
    unmatched = czechOnly.find((f) => f.has_text && f.text === 'Tento zákon upravuje zkoušky.')!;
    citeKeyOnly = czechOnly.find((f) => !f.has_text)!;
    expect(unmatched).toBeDefined();
    expect(citeKeyOnly, 'a fragment with only a cite key (Hlava 1)').toBeDefined();
    ({ session } = await registerAndLogin(server));
  }, 240_000);
  afterAll(() => server?.close());

  const translate = (body: unknown) => session.post(PATH, body);

  it('answers an exact memory match at 100 with its provenance and the group', async () => {
    const body = await json(
      await translate({ source_fragment_id: czech.id, target_language_code: 'EN' }),
      TranslateResponse,
    );
    expect(body).toMatchObject({ target_language_code: 'en', group_id: czech.group_id, origin: 'exact', qa: [] });
    expect(sameSpaces(body.translation_preview)).toBe(sameSpaces(czech.english));
    const [best] = body.suggestions;
    expect(best).toMatchObject({ kind: 'exact', score: 100, text: body.translation_preview, differences: [] });
    expect(best!.provenance).toContainEqual({ source: 'tm', celex: czech.celex, tmx_file: TMX_FILE });
    // The fragment itself is never its own suggestion.
    expect(best!.provenance.some((p) => p.source === 'library' && p.fragment_id === czech.id)).toBe(false);
    // By id the same answer.
    const byId = await json(
      await translate({ source_fragment_id: czech.id, target_language_id: body.target_language_id }),
      TranslateResponse,
    );
    expect(byId).toEqual(body);
  });

  it('answers 401 without a login and 403 without the CSRF token', async () => {
    // An anonymous browser with a CSRF token (else the CSRF check answers first).
    const anonymous = await new HttpSession(server.url).post(PATH, {
      source_fragment_id: czech.id,
      target_language_code: 'en',
    });
    await expectApiError(anonymous, 401, 'not_authenticated');
    const noCsrf = await session.withoutCsrf('POST', PATH, {
      source_fragment_id: czech.id,
      target_language_code: 'en',
    });
    await expectApiError(noCsrf, 403, 'csrf_failed');
  });

  it('answers 400 same_language for the fragment’s own language', async () => {
    const response = await translate({ source_fragment_id: czech.id, target_language_code: 'cs' });
    await expectApiError(response, 400, 'same_language');
  });

  it('answers 404 for an unknown fragment or language', async () => {
    const fragment = await translate({ source_fragment_id: UNKNOWN, target_language_code: 'en' });
    expect((await expectApiError(fragment, 404, 'not_found')).field).toBe('source_fragment_id');
    const code = await translate({ source_fragment_id: czech.id, target_language_code: 'xx' });
    expect((await expectApiError(code, 404, 'not_found')).field).toBe('target_language_code');
    const id = await translate({ source_fragment_id: czech.id, target_language_id: 32000 });
    expect((await expectApiError(id, 404, 'not_found')).field).toBe('target_language_id');
  });

  it('answers 400 when the code and the id name different languages', async () => {
    const response = await translate({
      source_fragment_id: czech.id,
      target_language_code: 'en',
      target_language_id: 1,
    });
    expect((await expectApiError(response, 400, 'validation_failed')).field).toBe('target_language_id');
  });

  it('answers 422 fragment_has_no_text for a cite key only', async () => {
    const response = await translate({ source_fragment_id: citeKeyOnly.id, target_language_code: 'en' });
    await expectApiError(response, 422, 'fragment_has_no_text');
  });

  it('answers 422 no_translation_available without a memory match, never an invented text', async () => {
    const response = await translate({ source_fragment_id: unmatched.id, target_language_code: 'en' });
    const error = await expectApiError(response, 422, 'no_translation_available');
    expect(JSON.stringify(error)).not.toContain('translation_preview');
  });

  it('answers fuzzed bodies with 4xx, never 5xx', async () => {
    const bodies: unknown[] = [
      '',
      'null',
      '[]',
      '"text"',
      '{"source_fragment_id":',
      {},
      { source_fragment_id: czech.id },
      { source_fragment_id: 'not-a-uuid', target_language_code: 'en' },
      { source_fragment_id: 42, target_language_code: 'en' },
      { source_fragment_id: czech.id, target_language_code: '' },
      { source_fragment_id: czech.id, target_language_code: 'e'.repeat(10_000) },
      { source_fragment_id: czech.id, target_language_code: "en'; DROP TABLE languages; --" },
      { source_fragment_id: czech.id, target_language_code: ['en'] },
      { source_fragment_id: czech.id, target_language_id: 0 },
      { source_fragment_id: czech.id, target_language_id: -1 },
      { source_fragment_id: czech.id, target_language_id: 1.5 },
      { source_fragment_id: czech.id, target_language_id: 1e20 },
      { source_fragment_id: czech.id, target_language_id: 'abc' },
      { source_fragment_id: czech.id, target_language_id: null },
      { source_fragment_id: czech.id.toUpperCase(), target_language_code: '\u0000' },
    ];
    for (const body of bodies) {
      const response = await translate(body);
      expect(response.status, `${JSON.stringify(body)} → ${await response.text()}`).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe.each(ENGINES)('POST /v1/legal/translate rate limit (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: { rateLimits: { translate: { limit: 2, windowSeconds: 3600 } } },
    });
  });
  afterAll(() => server?.close());

  it('answers 429 rate_limited per user past the limit', async () => {
    const first = await registerAndLogin(server);
    const second = await registerAndLogin(server);
    const body = { source_fragment_id: UNKNOWN, target_language_code: 'en' };
    await expectApiError(await first.session.post(PATH, body), 404, 'not_found');
    await expectApiError(await first.session.post(PATH, body), 404, 'not_found');
    const limited = await expectApiError(await first.session.post(PATH, body), 429, 'rate_limited');
    expect(limited.retry_after).toBeGreaterThan(0);
    // Another user has a budget of their own.
    await expectApiError(await second.session.post(PATH, body), 404, 'not_found');
  });
});
