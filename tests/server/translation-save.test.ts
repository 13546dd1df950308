// POST /v1/legal/fragments and PATCH /v1/legal/fragments/{id}/translation over HTTP on PGlite and
// (with DATABASE_URL) PostgreSQL, on the real 1/1993 Sb. and a bilingual fixture: a translation
// saved into the caller's layer (201, a retry 200, a new text replaces it), its spans re-positioned,
// new ISO codes, the errors by status and fuzzed bodies that never answer 5xx.
import { sql } from 'drizzle-orm';
import { DocumentLanguageList } from '../../src/api/contract/documents.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LegalLanguageList,
  SaveFragmentResponse,
  TranslateResponse,
  TranslationPatchResponse,
} from '../../src/api/contract/translation.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor, fragmentUidFor, spanIdFor, translationFragmentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { canSaveTranslation } from '../../server/policies/translations.js';
import { repositionSpans } from '../../server/translation/reposition-spans.js';
import { MAX_TRANSLATIONS_PER_USER } from '../../server/translation/save.js';
import { canonicalIsoCode } from '../../server/translation/save-language.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { actVersion2020, bilingualAct } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`translation-save tests skipped: ${CORPUS_SKIP_REASON}`);

const PATH = '/v1/legal/fragments';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const patchPath = (id: string) => `/v1/legal/fragments/${id}/translation`;

interface Source {
  id: string;
  group_id: string;
  node_id: string;
  branch_id: string;
  path: string;
  seq: number;
  cite_key: string | null;
  text: string;
}

interface SavedRow {
  branch_id: string;
  node_id: string;
  group_id: string;
  language: string;
  seq: number;
  cite_key: string | null;
  fragment_uid: string;
  has_text: boolean;
  text: string;
  owner_id: string;
  translation_status: string;
  stale: boolean;
  stale_source_text: string | null;
  translated_at: string | null;
}

describe.skipIf(!hasCorpus).each(ENGINES)('POST /v1/legal/fragments (%s)', (engine) => {
  let server: TestServer;
  let owner: TestAccount;
  let other: TestAccount;
  /** Imported fragments of 1/1993 Sb. by path, and of the bilingual fixture act. */
  const czech = new Map<string, Source>();
  let bilingual: Source;

  const query = <T>(text: ReturnType<typeof sql>) => sqlRows<T>(server.database.db, text);
  const savedRow = async (id: string) => {
    const [row] = await query<SavedRow>(
      sql`SELECT f.branch_id, f.node_id, f.group_id, l.iso_639_1 AS language, f.seq, f.cite_key, f.fragment_uid,
                 f.has_text, f.text, f.owner_id, f.translation_status, f.stale, f.stale_source_text,
                 to_char(f.translated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS translated_at
          FROM fragments f JOIN languages l ON l.language_id = f.language_id WHERE f.id = ${id}`,
    );
    return row;
  };
  const source = (path: string) => {
    const found = czech.get(path);
    expect(found, path).toBeDefined();
    return found!;
  };
  const bodyFor = (from: Source, text: string, language: Record<string, unknown> = { language_code: 'en' }) => ({
    node_id: from.node_id,
    alignment_group_id: from.group_id,
    text,
    ...language,
  });

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { db } = server.database;
    const report = await importPaths(db, [corpusPath('cz-esbirka-original-json', '1_1993.json')]);
    expect(report.errors).toEqual([]);
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    const rows = await query<Source & { external_id: string; language: string }>(
      sql`SELECT f.id, f.group_id, f.node_id, f.branch_id, n.external_id AS path, f.seq, f.cite_key, f.text,
                 d.external_id, l.iso_639_1 AS language
          FROM fragments f JOIN nodes n ON n.id = f.node_id JOIN languages l ON l.language_id = f.language_id
          JOIN branches b ON b.id = f.branch_id JOIN documents d ON d.id = b.document_id
          WHERE f.has_text ORDER BY f.seq`,
    );
    for (const row of rows) {
      if (row.external_id === '1/1993 Sb.' && !czech.has(row.path)) czech.set(row.path, row);
      if (row.external_id === bilingualAct.externalId && row.path === 'art-2' && row.language === 'cs') bilingual = row;
    }
    expect(czech.size, 'the provisions of 1/1993 Sb.').toBeGreaterThan(100);
    expect(bilingual, 'Article 2 of the bilingual act in Czech').toBeDefined();
    owner = await registerAndLogin(server);
    other = await registerAndLogin(server);
  }, 240_000);
  afterAll(() => server?.close());

  it('saves into the caller’s layer: 201, a retry 200 with the same id, a new text replaces it', async () => {
    const cl4 = source('cl-4');
    const text = 'Fundamental  rights and freedoms are under the protection of judicial power. ';
    const first = await owner.session.post(PATH, bodyFor(cl4, text));
    expect(first.status, await first.clone().text()).toBe(201);
    const { id } = await json(first, SaveFragmentResponse);
    expect(id).toBe(translationFragmentIdFor(cl4.group_id, 'en', owner.user.id));

    const normalized = 'Fundamental rights and freedoms are under the protection of judicial power.';
    const row = await savedRow(id);
    expect(row).toMatchObject({
      branch_id: cl4.branch_id,
      node_id: cl4.node_id,
      group_id: cl4.group_id,
      language: 'en',
      seq: cl4.seq,
      cite_key: cl4.cite_key,
      fragment_uid: fragmentUidFor('en', 'cl-4', normalized, 0),
      has_text: true,
      text: normalized,
      owner_id: owner.user.id,
      translation_status: 'translated',
      stale: false,
      stale_source_text: null,
    });
    expect(row!.translated_at).not.toBeNull();
    // The imported Czech text is untouched.
    const [imported] = await query<{ text: string }>(sql`SELECT text FROM fragments WHERE id = ${cl4.id}`);
    expect(imported!.text).toBe(cl4.text);

    const retry = await owner.session.post(PATH, bodyFor(cl4, normalized));
    expect(retry.status).toBe(200);
    expect(await json(retry, SaveFragmentResponse)).toEqual({ id });
    expect((await savedRow(id))!.translated_at).toBe(row!.translated_at);

    const replaced = 'Fundamental rights and freedoms shall be under the protection of the judiciary.';
    const again = await owner.session.post(PATH, bodyFor(cl4, replaced, { language_id: await languageId('en') }));
    expect(again.status).toBe(200);
    expect(await json(again, SaveFragmentResponse)).toEqual({ id });
    const [count] = await query<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM fragments WHERE group_id = ${cl4.group_id} AND owner_id = ${owner.user.id}`,
    );
    expect(Number(count!.n)).toBe(1);
    expect(await savedRow(id)).toMatchObject({
      text: replaced,
      fragment_uid: fragmentUidFor('en', 'cl-4', replaced, 0),
    });

    // Another user's save of the same provision is a row of their own layer.
    const theirs = await json(await other.session.post(PATH, bodyFor(cl4, normalized)), SaveFragmentResponse);
    expect(theirs.id).toBe(translationFragmentIdFor(cl4.group_id, 'en', other.user.id));
    expect(theirs.id).not.toBe(id);
    expect((await savedRow(id))!.text).toBe(replaced);
  });

  it('re-positions the source’s reference spans and drops those not in the translation', async () => {
    const cl88 = source('cl-88/odst-2');
    // Čl. 88 odst. 2 cites 'čl. 10' and 'odstavce 1'; the translation keeps only the first wording.
    expect(cl88.text).toContain('podle čl. 10 a zákonem podle odstavce 1');
    const text =
      'In their decision-making, the judges of the Constitutional Court are bound only by constitutional acts, ' +
      'by international treaties under čl. 10 and by the act under paragraph 1.';
    const { id } = await json(await owner.session.post(PATH, bodyFor(cl88, text)), SaveFragmentResponse);
    const start = text.indexOf('čl. 10');
    expect(start).toBe(136);
    const [sourceSpan] = await query<{ metadata: Record<string, unknown> }>(
      sql`SELECT metadata FROM spans WHERE fragment_id = ${cl88.id} AND abs_start = 111 AND abs_end = 117`,
    );
    expect(sourceSpan, 'the source span of čl. 10').toBeDefined();
    const spans = await query<{ id: string; abs_start: number; abs_end: number; metadata: Record<string, unknown> }>(
      sql`SELECT id, abs_start, abs_end, metadata FROM spans WHERE fragment_id = ${id} ORDER BY abs_start`,
    );
    expect(spans).toEqual([
      { id: spanIdFor(id, 136, 142), abs_start: 136, abs_end: 142, metadata: sourceSpan!.metadata },
    ]);
    const served = await owner.session.get(`/v1/legal/fragments/${id}/spans`);
    expect(served.status).toBe(200);

    // A new text replaces the spans: both citations kept now, at their new places.
    const both = 'Under čl. 10 and odstavce 1 the judges are bound.';
    await owner.session.post(PATH, bodyFor(cl88, both));
    const replaced = await query<{ abs_start: number; abs_end: number }>(
      sql`SELECT abs_start, abs_end FROM spans WHERE fragment_id = ${id} ORDER BY abs_start`,
    );
    expect(replaced).toEqual([
      { abs_start: 6, abs_end: 12 },
      { abs_start: 17, abs_end: 27 },
    ]);
    await owner.session.post(PATH, bodyFor(cl88, 'No citations here.'));
    expect(await query(sql`SELECT id FROM spans WHERE fragment_id = ${id}`)).toEqual([]);
  });

  it('answers 409 translation_exists where imported text is in that language', async () => {
    const intoEnglish = await owner.session.post(
      PATH,
      bodyFor(bilingual, 'It enters into force tomorrow.', { language_code: 'en' }),
    );
    await expectApiError(intoEnglish, 409, 'translation_exists');
    // The source language itself.
    const intoCzech = await owner.session.post(PATH, bodyFor(source('cl-5'), 'Jiný text.', { language_code: 'cs' }));
    await expectApiError(intoCzech, 409, 'translation_exists');
    const byId = await owner.session.post(PATH, bodyFor(source('cl-5'), 'Jiný text.', { language_id: 1 }));
    await expectApiError(byId, 409, 'translation_exists');
    // Nothing was written over the imported text.
    const [en] = await query<{ text: string; owner_id: string | null }>(
      sql`SELECT f.text, f.owner_id FROM fragments f JOIN languages l ON l.language_id = f.language_id
          WHERE f.group_id = ${bilingual.group_id} AND l.iso_639_1 = 'en'`,
    );
    expect(en).toEqual({ text: 'It enters into force today.', owner_id: null });
  });

  it('answers 400 group_node_mismatch and 404 for an unknown group, node or language id', async () => {
    const cl4 = source('cl-4');
    const cl5 = source('cl-5');
    const mismatch = await owner.session.post(PATH, { ...bodyFor(cl4, 'Text.'), node_id: cl5.node_id });
    expect((await expectApiError(mismatch, 400, 'group_node_mismatch')).field).toBe('alignment_group_id');
    const group = await owner.session.post(PATH, { ...bodyFor(cl4, 'Text.'), alignment_group_id: UNKNOWN });
    expect((await expectApiError(group, 404, 'not_found')).field).toBe('alignment_group_id');
    const node = await owner.session.post(PATH, { ...bodyFor(cl4, 'Text.'), node_id: UNKNOWN });
    expect((await expectApiError(node, 404, 'not_found')).field).toBe('node_id');
    const language = await owner.session.post(PATH, bodyFor(cl4, 'Text.', { language_id: 32000 }));
    expect((await expectApiError(language, 404, 'not_found')).field).toBe('language_id');
  });

  it('answers 400 validation_failed when code and id disagree or the code is no ISO 639-1 code', async () => {
    const cl5 = source('cl-5');
    const disagree = await owner.session.post(PATH, bodyFor(cl5, 'Text.', { language_code: 'en', language_id: 4 }));
    expect((await expectApiError(disagree, 400, 'validation_failed')).field).toBe('language_id');
    const madeUp = await owner.session.post(PATH, bodyFor(cl5, 'Text.', { language_code: 'qq' }));
    expect((await expectApiError(madeUp, 400, 'validation_failed')).field).toBe('language_code');
    expect(await query(sql`SELECT 1 FROM languages WHERE iso_639_1 = 'qq'`)).toEqual([]);
  });

  it('adds a new ISO code to the languages, folds deprecated ones, and adds none for a refused save', async () => {
    const cl5 = source('cl-5');
    expect(await query(sql`SELECT 1 FROM languages WHERE iso_639_1 IN ('kl', 'he', 'gd')`)).toEqual([]);
    // A refused save (unknown group) adds nothing: one transaction.
    const refused = await owner.session.post(PATH, {
      ...bodyFor(cl5, 'Text.', { language_code: 'gd' }),
      alignment_group_id: UNKNOWN,
    });
    await expectApiError(refused, 404, 'not_found');
    const saved = await owner.session.post(PATH, bodyFor(cl5, 'Kalaallisut text.', { language_code: ' KL ' }));
    expect(saved.status).toBe(201);
    const hebrew = await owner.session.post(PATH, bodyFor(cl5, 'Hebrew text.', { language_code: 'iw' }));
    expect(hebrew.status).toBe(201);
    const { id } = await json(hebrew, SaveFragmentResponse);
    expect(id).toBe(translationFragmentIdFor(cl5.group_id, 'he', owner.user.id));
    const { items } = await json(await new HttpSession(server.url).get('/v1/legal/languages'), LegalLanguageList);
    const codes = items.map((l) => l.iso_639_1);
    expect(items).toContainEqual(expect.objectContaining({ iso_639_1: 'kl', name: 'Kalaallisut' }));
    expect(items).toContainEqual(expect.objectContaining({ iso_639_1: 'he', name: 'Hebrew' }));
    expect(codes).not.toContain('iw');
    expect(codes).not.toContain('gd');
  });

  it('answers 401 anonymous, 403 without the CSRF token, 403 forbidden with an unverified email', async () => {
    const body = bodyFor(source('cl-6'), 'Text.');
    await expectApiError(await new HttpSession(server.url).post(PATH, body), 401, 'not_authenticated');
    await expectApiError(await owner.session.withoutCsrf('POST', PATH, body), 403, 'csrf_failed');
    const unverified = await registerAndLogin(server);
    await server.database.db.execute(sql`UPDATE users SET email_verified_at = NULL WHERE id = ${unverified.user.id}`);
    await expectApiError(await unverified.session.post(PATH, body), 403, 'forbidden');
    expect(await query(sql`SELECT 1 FROM fragments WHERE owner_id = ${unverified.user.id}`)).toEqual([]);
  });

  it('answers fuzzed bodies with 400 validation_failed, never 5xx', async () => {
    const cl6 = source('cl-6');
    const good = bodyFor(cl6, 'Text.');
    const bodies: unknown[] = [
      'null',
      '[]',
      '"text"',
      {},
      { ...good, text: undefined },
      { ...good, text: '' },
      { ...good, text: '   \n\t ' },
      { ...good, text: 'x'.repeat(100_001) },
      { ...good, text: 42 },
      // PostgreSQL refuses NUL: caught by the contract, not by a failing (and logged) query.
      { ...good, text: 'ab\u0000cd' },
      { ...good, text: 'bell \u0007 here' },
      { ...good, node_id: 'not-a-uuid' },
      { ...good, alignment_group_id: null },
      { ...good, language_code: undefined },
      { ...good, language_code: 'eng' },
      { ...good, language_code: "en'; DROP TABLE languages; --" },
      { ...good, language_code: ['en'] },
      { ...good, language_code: '\u0000\u0000' },
      { ...good, language_code: undefined, language_id: 0 },
      { ...good, language_code: undefined, language_id: 1.5 },
      { ...good, language_code: undefined, language_id: 1e20 },
      { ...good, language_code: undefined, language_id: 'abc' },
    ];
    for (const body of bodies) {
      const response = await owner.session.post(PATH, body);
      const text = await response.clone().text();
      expect(response.status, `${JSON.stringify(body)?.slice(0, 200)} → ${text}`).toBe(400);
      expect(['validation_failed', 'invalid_json']).toContain(JSON.parse(text).detail);
    }
    // Malformed JSON.
    const broken = await owner.session.post(PATH, '{"node_id":');
    expect(broken.status).toBe(400);
    expect(await query(sql`SELECT 1 FROM fragments WHERE group_id = ${cl6.group_id} AND owner_id IS NOT NULL`)).toEqual(
      [],
    );
  });

  it('lets concurrent first saves of one text finish without an error: one 201, one row', async () => {
    const cl7 = source('cl-7');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => owner.session.post(PATH, bodyFor(cl7, 'The same text, saved six times.'))),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await json(r, SaveFragmentResponse)).id)));
    expect(ids.size).toBe(1);
  });

  it('answers 409 quota_exceeded past the saved translations one user may hold', async () => {
    const heavy = await registerAndLogin(server);
    const cl8 = source('cl-8');
    const first = await json(
      await heavy.session.post(PATH, bodyFor(cl8, 'Held before the quota.')),
      SaveFragmentResponse,
    );
    // Fill the layer up to the quota in one statement (German rows far past the act's seqs).
    try {
      await server.database.db.execute(
        sql`INSERT INTO fragments (id, branch_id, node_id, language_id, seq, fragment_uid, group_id, has_text, text,
                                 owner_id, translation_status, translated_at)
          SELECT gen_random_uuid(), ${cl8.branch_id}, gen_random_uuid(), ${await languageId('de')}, 1000000 + i,
                 'quota-' || i, gen_random_uuid(), true, 'filler', ${heavy.user.id}, 'translated', now()
          FROM generate_series(1, ${MAX_TRANSLATIONS_PER_USER - 1}) AS i`,
      );
      const over = await heavy.session.post(PATH, bodyFor(source('cl-46/odst-3'), 'One too many.'));
      expect((await expectApiError(over, 409, 'quota_exceeded')).message).toContain('20000');
      // Replacing a text the user holds is no new translation.
      const replaced = await heavy.session.post(PATH, bodyFor(cl8, 'Replaced at the quota.'));
      expect(replaced.status).toBe(200);
      expect(await json(replaced, SaveFragmentResponse)).toEqual(first);
    } finally {
      await server.database.db.execute(sql`DELETE FROM fragments WHERE owner_id = ${heavy.user.id}`);
    }
  });

  it('makes the saved text a memory match for its owner only', async () => {
    const cl3 = source('cl-3');
    // Another act quoting Čl. 3 word for word: translating it finds the saved translation.
    await storeVersion(
      server.database.db,
      {
        externalId: '98/2020 Sb.',
        metadata: { title: 'Zákon, který cituje', kind: 'zákon', sourceSystem: 'test' },
        versionDate: '2020-01-01',
        languages: ['cs'],
        nodes: [
          {
            nodeType: 'article',
            rawType: 'article',
            path: 'par-1',
            citeKey: '§ 1',
            texts: [{ cs: cl3.text }],
            children: [],
          },
        ],
      },
      'fixture-echo',
    );
    const [echo] = await query<{ id: string }>(
      sql`SELECT f.id FROM fragments f JOIN nodes n ON n.id = f.node_id JOIN branches b ON b.id = f.branch_id
          JOIN documents d ON d.id = b.document_id WHERE d.external_id = '98/2020 Sb.' AND n.external_id = 'par-1'`,
    );
    const mine = 'Part of the territory of the Czech Republic: translated by its owner.';
    const theirs = 'Part of the territory of the Czech Republic: translated by someone else.';
    const { id } = await json(await owner.session.post(PATH, bodyFor(cl3, mine)), SaveFragmentResponse);
    await other.session.post(PATH, bodyFor(cl3, theirs));
    const translate = (account: TestAccount) =>
      account.session.post('/v1/legal/translate', { source_fragment_id: echo!.id, target_language_code: 'en' });
    const answer = await json(await translate(owner), TranslateResponse);
    const texts = answer.suggestions.map((suggestion) => suggestion.text);
    expect(texts).toContain(mine);
    expect(texts).not.toContain(theirs);
    const suggestion = answer.suggestions.find((candidate) => candidate.text === mine)!;
    expect(suggestion.provenance).toContainEqual(
      expect.objectContaining({ source: 'library', fragment_id: id, origin: 'translated', status: 'translated' }),
    );
    const forOther = await json(await translate(other), TranslateResponse);
    expect(forOther.suggestions.map((candidate) => candidate.text)).not.toContain(mine);
  });

  it('counts the translation in the document’s languages for its owner only', async () => {
    const [par1] = await query<Source>(
      sql`SELECT f.id, f.group_id, f.node_id FROM fragments f WHERE f.text = 'Tento zákon upravuje zkoušky.'
          AND f.owner_id IS NULL`,
    );
    const languagesPath = `/v1/legal/documents/${documentIdFor(actVersion2020.externalId)}/languages`;
    const english = async (session: HttpSession) =>
      (await json(await session.get(languagesPath), DocumentLanguageList)).items.find((l) => l.iso_639_1 === 'en');
    expect(await english(owner.session)).toBeUndefined();
    expect((await owner.session.post(PATH, bodyFor(par1!, 'This Act governs examinations.'))).status).toBe(201);
    expect(await english(owner.session)).toMatchObject({ iso_639_1: 'en', fragments: 1 });
    expect(await english(other.session)).toBeUndefined();
    expect(await english(new HttpSession(server.url))).toBeUndefined();
  });

  describe('PATCH /v1/legal/fragments/{id}/translation', () => {
    let id: string;
    beforeAll(async () => {
      const saved = await owner.session.post(PATH, bodyFor(source('cl-10'), 'Treaty text under review.'));
      ({ id } = await json(saved, SaveFragmentResponse));
    });

    it('lets the owner set reviewed and clear stale, keeping the other field', async () => {
      const reviewed = await owner.session.patch(patchPath(id), { status: 'reviewed' });
      expect(reviewed.status).toBe(200);
      expect(await json(reviewed, TranslationPatchResponse)).toEqual({
        id,
        translation: { status: 'reviewed', stale: false, origin: 'translated' },
      });
      // As store-version.ts flags it when its source changes.
      await server.database.db.execute(
        sql`UPDATE fragments SET stale = true, stale_source_text = 'Old source.' WHERE id = ${id}`,
      );
      const cleared = await json(await owner.session.patch(patchPath(id), { stale: false }), TranslationPatchResponse);
      expect(cleared.translation).toEqual({ status: 'reviewed', stale: false, origin: 'translated' });
      expect(await savedRow(id)).toMatchObject({
        translation_status: 'reviewed',
        stale: false,
        stale_source_text: null,
      });

      // A retry of the same text keeps the review; a new text goes back to 'translated'.
      const cl10 = source('cl-10');
      expect((await owner.session.post(PATH, bodyFor(cl10, 'Treaty text under review.'))).status).toBe(200);
      expect((await savedRow(id))!.translation_status).toBe('reviewed');
      expect((await owner.session.post(PATH, bodyFor(cl10, 'Treaty text, edited.'))).status).toBe(200);
      expect((await savedRow(id))!.translation_status).toBe('translated');
      const back = await json(
        await owner.session.patch(patchPath(id), { status: 'reviewed' }),
        TranslationPatchResponse,
      );
      expect(back.translation.status).toBe('reviewed');
    });

    it('answers 404 for another user’s translation and an unknown id, 403 for an imported text', async () => {
      const before = await savedRow(id);
      await expectApiError(await other.session.patch(patchPath(id), { status: 'translated' }), 404, 'not_found');
      await expectApiError(await other.session.patch(patchPath(id), { stale: false }), 404, 'not_found');
      await expectApiError(await owner.session.patch(patchPath(UNKNOWN), { status: 'reviewed' }), 404, 'not_found');
      const imported = source('cl-10').id;
      await expectApiError(await owner.session.patch(patchPath(imported), { status: 'reviewed' }), 403, 'forbidden');
      expect(await savedRow(id)).toEqual(before);
      const [row] = await query<{ translation_status: string | null }>(
        sql`SELECT translation_status FROM fragments WHERE id = ${imported}`,
      );
      expect(row!.translation_status).toBeNull();
    });

    it('answers 401, 403 csrf_failed and 400 for bad bodies, never 5xx', async () => {
      const anonymous = await new HttpSession(server.url).patch(patchPath(id), { status: 'reviewed' });
      await expectApiError(anonymous, 401, 'not_authenticated');
      await expectApiError(
        await owner.session.withoutCsrf('PATCH', patchPath(id), { status: 'reviewed' }),
        403,
        'csrf_failed',
      );
      const bodies: unknown[] = [
        {},
        { stale: true },
        { status: 'done' },
        { status: null },
        { status: 'reviewed', text: 'sneaked in' },
        '[]',
        'null',
      ];
      for (const body of bodies) {
        const response = await owner.session.patch(patchPath(id), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      await expectApiError(
        await owner.session.patch('/v1/legal/fragments/nope/translation', { status: 'reviewed' }),
        400,
        'validation_failed',
      );
    });
  });

  async function languageId(code: string): Promise<number> {
    const [row] = await query<{ language_id: number | string }>(
      sql`SELECT language_id FROM languages WHERE iso_639_1 = ${code}`,
    );
    return Number(row!.language_id);
  }
});

describe.each(ENGINES)('POST /v1/legal/fragments rate limit (%s)', (engine) => {
  let server: TestServer;
  let target: { node_id: string; alignment_group_id: string };
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: { rateLimits: { saveTranslation: { limit: 2, windowSeconds: 3600 } } },
    });
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
    const [row] = await sqlRows<{ node_id: string; group_id: string }>(
      server.database.db,
      sql`SELECT f.node_id, f.group_id FROM fragments f WHERE f.text = 'Tento zákon upravuje zkoušky.'`,
    );
    target = { node_id: row!.node_id, alignment_group_id: row!.group_id };
  });
  afterAll(() => server?.close());

  it('answers 429 rate_limited per user past the limit', async () => {
    const first = await registerAndLogin(server);
    const second = await registerAndLogin(server);
    const body = { ...target, language_code: 'en', text: 'This Act governs examinations.' };
    expect((await first.session.post(PATH, body)).status).toBe(201);
    expect((await first.session.post(PATH, body)).status).toBe(200);
    const limited = await expectApiError(await first.session.post(PATH, body), 429, 'rate_limited');
    expect(limited.retry_after).toBeGreaterThan(0);
    expect((await second.session.post(PATH, body)).status).toBe(201);
  });
});

describe('saving translations: pure parts', () => {
  it('re-positions spans at the first unused occurrence and drops the missing', () => {
    const sourceText = 'podle § 1 a § 1 a čl. 2';
    const spans = [
      { start: 6, end: 9, metadata: 'first' },
      { start: 12, end: 15, metadata: 'second' },
      { start: 18, end: 23, metadata: 'article' },
    ];
    expect(sourceText.slice(6, 9)).toBe('§ 1');
    expect(sourceText.slice(18, 23)).toBe('čl. 2');
    expect(repositionSpans(sourceText, spans, 'under § 1 and § 1 and Article 2')).toEqual([
      { start: 6, end: 9, metadata: 'first' },
      { start: 14, end: 17, metadata: 'second' },
    ]);
    // Overlapping places are not reused: one occurrence, one span.
    expect(repositionSpans(sourceText, spans, 'only § 1')).toEqual([{ start: 5, end: 8, metadata: 'first' }]);
    expect(repositionSpans(sourceText, [{ start: 5, end: 5, metadata: 'empty' }], 'x')).toEqual([]);
  });

  it('accepts real ISO 639-1 codes only, folding deprecated aliases', () => {
    expect(canonicalIsoCode('kl')).toEqual({ code: 'kl', name: 'Kalaallisut' });
    expect(canonicalIsoCode('iw')).toEqual({ code: 'he', name: 'Hebrew' });
    expect(canonicalIsoCode('tl')).toEqual({ code: 'tl', name: expect.any(String) });
    expect(canonicalIsoCode('qq')).toBeNull();
    expect(canonicalIsoCode('zz')).toBeNull();
  });

  it('lets only a logged-in user with a verified email save', () => {
    const user = {
      id: UNKNOWN,
      username: 'jana',
      email: 'j@example.com',
      firstName: 'J',
      lastName: 'N',
      language: null,
    };
    expect(canSaveTranslation({ kind: 'anonymous' })).toBe(false);
    expect(canSaveTranslation({ kind: 'user', sessionIdHash: 'h', user: { ...user, emailVerified: false } })).toBe(
      false,
    );
    expect(canSaveTranslation({ kind: 'user', sessionIdHash: 'h', user: { ...user, emailVerified: true } })).toBe(true);
  });
});
