// Machine translation in POST /v1/legal/translate against real local HTTP servers that speak each
// provider's wire protocol (DeepL API v2, LibreTranslate, an OpenAI-compatible chat API), on
// PGlite and (with DATABASE_URL) PostgreSQL: placeholders go out and come back, a dropped one is in
// `qa`, the pair's glossary is sent, 429/456/503 pause the provider in the database (503 busy
// without calling it), a timeout is 504, other failures 502, an exact memory match skips MT.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TranslateResponse } from '../../src/api/contract/translation.js';
import { sqlRows } from '../../server/db/sql.js';
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { machineTranslate, type ProviderCallLog } from '../../server/translation/providers/machine-translate.js';
import type { ProviderSettings } from '../../server/translation/providers/provider.js';
import { providerFor } from '../../server/translation/providers/registry.js';
import { registerAndLogin } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { bilingualAct } from '../support/fixture-documents.js';
import type { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const PATH = '/v1/legal/translate';
const TIMEOUT_MS = 1_500;

// A fake provider: every request is recorded; `reply` answers it (or never, 'hang').

interface Recorded {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
type Reply = { status?: number; headers?: Record<string, string>; json?: unknown; raw?: string } | 'hang';
interface FakeProvider {
  url: string;
  requests: Recorded[];
  reply: (body: Record<string, unknown>) => Reply;
  close(): Promise<void>;
}

async function startFakeProvider(reply: FakeProvider['reply']): Promise<FakeProvider> {
  const fake: FakeProvider = { url: '', requests: [], reply, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
      fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const answer = fake.reply(body);
      if (answer === 'hang') return;
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A crude Czech → English 'translation' that leaves placeholders where they stand. */
const WORDS: [string, string][] = [
  ['Lhůta podle', 'The period under'],
  ['činí', 'is'],
  ['dnů ode dne', 'days from'],
  ['a nejvýše', 'and at most'],
  ['roku', 'years'],
];
const fakeTranslate = (text: string) => WORDS.reduce((out, [cs, en]) => out.replace(cs, en), text);

// The documents: § 2 carries a reference span, numbers and a date; § 3 has an exact memory match
// in the bilingual act.

const node = (path: string, citeKey: string, text: string): ParsedNode => ({
  nodeType: 'article',
  rawType: 'article',
  path,
  citeKey,
  texts: [{ cs: text }],
  children: [],
});
const SOURCE = 'Lhůta podle § 1 činí 30 dnů ode dne 1. 1. 2020 a nejvýše 2,5 roku.';
const EXPECTED = 'The period under § 1 is 30 days from 1. 1. 2020 and at most 2,5 years.';
const periodsAct: ParsedDocument = {
  externalId: '88/2021 Sb.',
  metadata: { title: 'Zákon o lhůtách', kind: 'zákon', sourceSystem: 'test' },
  versionDate: '2021-01-01',
  languages: ['cs'],
  nodes: [
    node('par-1', '§ 1', 'Tento zákon upravuje lhůty pro podání.'),
    node('par-2', '§ 2', SOURCE),
    node('par-3', '§ 3', 'Toto nařízení se vztahuje na zkoušky.'),
  ],
};

interface Fixture {
  server: TestServer;
  session: HttpSession;
  /** The fragment ids of § 2 (for MT) and § 3 (exact memory match). */
  period: string;
  exact: string;
}

async function startFixture(engine: (typeof ENGINES)[number], provider: ProviderSettings): Promise<Fixture> {
  const server = await startTestServer(engine, { translation: { provider, timeoutMs: TIMEOUT_MS } });
  const { db } = server.database;
  await storeVersion(db, bilingualAct, 'fixture-bilingual');
  await storeVersion(db, periodsAct, 'fixture-periods');
  const rows = await sqlRows<{ id: string; cite_key: string }>(
    db,
    sql`SELECT f.id, f.cite_key FROM fragments f JOIN branches b ON b.id = f.branch_id
        JOIN documents d ON d.id = b.document_id WHERE d.external_id = ${periodsAct.externalId}`,
  );
  const idOf = (citeKey: string) => rows.find((r) => r.cite_key === citeKey)!.id;
  const { session } = await registerAndLogin(server);
  return { server, session, period: idOf('§ 2'), exact: idOf('§ 3') };
}

const pauseRows = (server: TestServer) =>
  sqlRows<{ provider: string; backoff_seconds: number | string; seconds_left: number | string }>(
    server.database.db,
    sql`SELECT provider, backoff_seconds, extract(epoch FROM paused_until - now()) AS seconds_left
        FROM translation_provider_pauses`,
  );

describe.each(ENGINES)('machine translation through DeepL (%s)', (engine) => {
  let deepl: FakeProvider;
  let fixture: Fixture;
  const translateOk = (body: Record<string, unknown>): Reply => ({
    json: {
      translations: (body.text as string[]).map((text) => ({
        detected_source_language: 'CS',
        text: fakeTranslate(text),
      })),
    },
  });
  const translate = (fragmentId: string, language = 'en') =>
    fixture.session.post(PATH, { source_fragment_id: fragmentId, target_language_code: language });

  beforeAll(async () => {
    deepl = await startFakeProvider(translateOk);
    fixture = await startFixture(engine, {
      name: 'deepl',
      apiKey: 'test-key:fx',
      apiUrl: deepl.url,
      glossaries: { 'cs-en': 'gloss-cs-en' },
    });
  });
  afterAll(async () => {
    await fixture?.server.close();
    await deepl?.close();
  });
  beforeEach(async () => {
    deepl.requests.length = 0;
    deepl.reply = translateOk;
    await sqlRows(fixture.server.database.db, sql`DELETE FROM translation_provider_pauses`);
  });

  it('sends placeholders as XML with the pair’s glossary and puts the spans, numbers and date back', async () => {
    const spans = await sqlRows<{ abs_start: number; abs_end: number }>(
      fixture.server.database.db,
      sql`SELECT abs_start, abs_end FROM spans WHERE fragment_id = ${fixture.period}`,
    );
    expect(spans.map((s) => SOURCE.slice(Number(s.abs_start), Number(s.abs_end)))).toEqual(['§ 1']);

    const body = await json(await translate(fixture.period), TranslateResponse);
    expect(deepl.requests).toHaveLength(1);
    const [request] = deepl.requests;
    expect(request!.path).toBe('/v2/translate');
    expect(request!.authorization).toBe('DeepL-Auth-Key test-key:fx');
    expect(request!.body).toEqual({
      text: ['Lhůta podle <x id="1"/> činí <x id="2"/> dnů ode dne <x id="3"/> a nejvýše <x id="4"/> roku.'],
      source_lang: 'CS',
      target_lang: 'EN-GB',
      tag_handling: 'xml',
      ignore_tags: ['x'],
      glossary_id: 'gloss-cs-en',
    });
    expect(body).toMatchObject({ translation_preview: EXPECTED, origin: 'mt', target_language_code: 'en', qa: [] });
    expect(body.suggestions.at(-1)).toEqual({
      text: EXPECTED,
      score: 0,
      kind: 'mt',
      source_text: SOURCE,
      provenance: [{ source: 'provider', provider: 'deepl', model: null }],
      differences: [],
    });
  });

  it('sends no glossary for a pair without one', async () => {
    await json(await translate(fixture.period, 'de'), TranslateResponse);
    expect(deepl.requests[0]!.body).toMatchObject({ target_lang: 'DE' });
    expect(deepl.requests[0]!.body).not.toHaveProperty('glossary_id');
  });

  it('lists a placeholder DeepL dropped in qa', async () => {
    deepl.reply = (body) => ({
      json: { translations: [{ text: fakeTranslate((body.text as string[])[0]!).replace('<x id="3"/>', 'today') }] },
    });
    const body = await json(await translate(fixture.period), TranslateResponse);
    expect(body.translation_preview).toBe('The period under § 1 is 30 days from today and at most 2,5 years.');
    expect(body.qa).toEqual([{ code: 'placeholder_lost', expected: '1. 1. 2020', found: null }]);
  });

  it('answers an exact memory match without calling the provider', async () => {
    const body = await json(await translate(fixture.exact), TranslateResponse);
    expect(body).toMatchObject({ origin: 'exact', translation_preview: 'This Regulation applies to tests.' });
    expect(body.suggestions.some((s) => s.kind === 'mt')).toBe(false);
    expect(deepl.requests).toHaveLength(0);
  });

  it('pauses on 429 for Retry-After: 503 busy, the next call not reaching DeepL', async () => {
    deepl.reply = () => ({ status: 429, headers: { 'retry-after': '120' }, json: { message: 'Too many requests' } });
    const first = await expectApiError(await translate(fixture.period), 503, 'translation_provider_busy');
    expect(first.retry_after).toBe(120);
    const second = await translate(fixture.period);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(100);
    await expectApiError(second, 503, 'translation_provider_busy');
    expect(deepl.requests).toHaveLength(1);
    const [row] = await pauseRows(fixture.server);
    expect(row).toMatchObject({ provider: 'deepl' });
    expect(Number(row!.backoff_seconds)).toBe(120);
    expect(Number(row!.seconds_left)).toBeGreaterThan(100);
  });

  it('pauses on 456 (quota) for 60 s, doubles the next pause and resets after a success', async () => {
    deepl.reply = () => ({ status: 456, json: { message: 'Quota exceeded' } });
    await expectApiError(await translate(fixture.period), 503, 'translation_provider_busy');
    await expectApiError(await translate(fixture.period), 503, 'translation_provider_busy');
    expect(deepl.requests).toHaveLength(1);
    expect(Number((await pauseRows(fixture.server))[0]!.backoff_seconds)).toBe(60);

    // The pause over (as if 60 s had passed), a second 456 pauses twice as long.
    const expire = () =>
      sqlRows(fixture.server.database.db, sql`UPDATE translation_provider_pauses SET paused_until = now()`);
    await expire();
    await expectApiError(await translate(fixture.period), 503, 'translation_provider_busy');
    expect(deepl.requests).toHaveLength(2);
    expect(Number((await pauseRows(fixture.server))[0]!.backoff_seconds)).toBe(120);

    await expire();
    deepl.reply = translateOk;
    await json(await translate(fixture.period), TranslateResponse);
    expect(await pauseRows(fixture.server)).toEqual([]);
  });

  it('answers 504 when DeepL does not answer in time', async () => {
    deepl.reply = () => 'hang';
    const started = Date.now();
    await expectApiError(await translate(fixture.period), 504, 'translation_provider_timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(await pauseRows(fixture.server)).toEqual([]);
  });

  it('answers 502 for a server error, a body that is not JSON or an empty translation, without pausing', async () => {
    const replies: Reply[] = [
      { status: 500, json: { message: 'Internal error' } },
      { raw: '<html>oops</html>' },
      { json: { translations: [] } },
      { json: { translations: [{ text: '   ' }] } },
    ];
    for (const reply of replies) {
      deepl.reply = () => reply;
      await expectApiError(await translate(fixture.period), 502, 'translation_provider_failed');
    }
    expect(deepl.requests).toHaveLength(replies.length);
    expect(await pauseRows(fixture.server)).toEqual([]);
  });

  it('translates into a real ISO code the languages table lacks and adds it; an unknown code stays 404', async () => {
    const body = await json(await translate(fixture.period, 'ja'), TranslateResponse);
    expect(body.target_language_code).toBe('ja');
    expect(deepl.requests[0]!.body).toMatchObject({ target_lang: 'JA' });
    const [row] = await sqlRows<{ language_id: number | string; name: string }>(
      fixture.server.database.db,
      sql`SELECT language_id, name FROM languages WHERE iso_639_1 = 'ja'`,
    );
    expect(row).toMatchObject({ name: 'Japanese' });
    expect(Number(row!.language_id)).toBe(body.target_language_id);
    // Again: the same id.
    expect((await json(await translate(fixture.period, 'ja'), TranslateResponse)).target_language_id).toBe(
      body.target_language_id,
    );
    const unknown = await expectApiError(await translate(fixture.period, 'xx'), 404, 'not_found');
    expect(unknown.field).toBe('target_language_code');
  });

  it("stores a deprecated code in the table's form: 'iw' is Hebrew 'he', one row", async () => {
    const body = await json(await translate(fixture.period, 'iw'), TranslateResponse);
    expect(body.target_language_code).toBe('he');
    const rows = await sqlRows<{ iso_639_1: string; name: string }>(
      fixture.server.database.db,
      sql`SELECT iso_639_1, name FROM languages WHERE name = 'Hebrew' OR iso_639_1 IN ('iw', 'he')`,
    );
    expect(rows).toEqual([{ iso_639_1: 'he', name: 'Hebrew' }]);
  });
});

describe.each(ENGINES)('machine translation through LibreTranslate (%s)', (engine) => {
  let libre: FakeProvider;
  let fixture: Fixture;
  const translateOk = (body: Record<string, unknown>): Reply => ({
    json: { translatedText: fakeTranslate(String(body.q)) },
  });

  beforeAll(async () => {
    libre = await startFakeProvider(translateOk);
    fixture = await startFixture(engine, { name: 'libretranslate', url: libre.url, apiKey: 'lt-key' });
  });
  afterAll(async () => {
    await fixture?.server.close();
    await libre?.close();
  });
  beforeEach(async () => {
    libre.requests.length = 0;
    libre.reply = translateOk;
    await sqlRows(fixture.server.database.db, sql`DELETE FROM translation_provider_pauses`);
  });
  const translate = () =>
    fixture.session.post(PATH, { source_fragment_id: fixture.period, target_language_code: 'en' });

  it('sends @@PHn@@ placeholders with the API key and puts the texts back', async () => {
    const body = await json(await translate(), TranslateResponse);
    expect(libre.requests[0]).toMatchObject({
      path: '/translate',
      body: {
        q: 'Lhůta podle @@PH1@@ činí @@PH2@@ dnů ode dne @@PH3@@ a nejvýše @@PH4@@ roku.',
        source: 'cs',
        target: 'en',
        format: 'text',
        api_key: 'lt-key',
      },
    });
    expect(body).toMatchObject({ translation_preview: EXPECTED, origin: 'mt', qa: [] });
    expect(body.suggestions.at(-1)!.provenance).toEqual([
      { source: 'provider', provider: 'libretranslate', model: null },
    ]);
  });

  it('lists placeholders the provider dropped or replaced in qa', async () => {
    libre.reply = (body) => ({
      json: { translatedText: fakeTranslate(String(body.q)).replace('@@PH4@@', '').replace('@@PH2@@', '31') },
    });
    const body = await json(await translate(), TranslateResponse);
    expect(body.translation_preview).toBe('The period under § 1 is 31 days from 1. 1. 2020 and at most  years.');
    expect(body.qa).toEqual([
      { code: 'placeholder_lost', expected: '30', found: null },
      { code: 'placeholder_lost', expected: '2,5', found: null },
    ]);
  });

  it('logs the provider, status and duration of each call, never the text', async () => {
    const entries: ProviderCallLog[] = [];
    const provider = providerFor({ name: 'libretranslate', url: libre.url });
    const request = { text: SOURCE, spans: [], sourceLanguage: 'cs', targetLanguage: 'en' };
    const options = { timeoutMs: TIMEOUT_MS, log: (entry: ProviderCallLog) => entries.push(entry) };
    const { db } = fixture.server.database;
    expect((await machineTranslate(db, provider, request, options)).text).toBe(EXPECTED);
    libre.reply = () => ({ status: 500, json: { error: 'boom' } });
    await expect(machineTranslate(db, provider, request, options)).rejects.toMatchObject({ status: 502 });
    expect(entries.map(({ provider: name, status }) => ({ name, status }))).toEqual([
      { name: 'libretranslate', status: 200 },
      { name: 'libretranslate', status: 500 },
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['duration_ms', 'provider', 'status']);
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('pauses on 429 without Retry-After for 60 s', async () => {
    libre.reply = () => ({ status: 429, json: { error: 'Slowdown: 20 per 1 minute' } });
    expect((await expectApiError(await translate(), 503, 'translation_provider_busy')).retry_after).toBe(60);
    await expectApiError(await translate(), 503, 'translation_provider_busy');
    expect(libre.requests).toHaveLength(1);
    expect(await pauseRows(fixture.server)).toMatchObject([{ provider: 'libretranslate' }]);
  });
});

describe.each(ENGINES)('machine translation through an OpenAI-compatible model (%s)', (engine) => {
  let model: FakeProvider;
  let fixture: Fixture;
  const completion = (content: string): Reply => ({
    json: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_764_000_000,
      model: 'mt-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  });
  const userText = (body: Record<string, unknown>) =>
    (body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
  const translateOk = (body: Record<string, unknown>) => completion(fakeTranslate(userText(body)));

  beforeAll(async () => {
    model = await startFakeProvider(translateOk);
    fixture = await startFixture(engine, { name: 'openai', url: `${model.url}/v1`, model: 'mt-model', apiKey: 'sk-t' });
  });
  afterAll(async () => {
    await fixture?.server.close();
    await model?.close();
  });
  beforeEach(async () => {
    model.requests.length = 0;
    model.reply = translateOk;
    await sqlRows(fixture.server.database.db, sql`DELETE FROM translation_provider_pauses`);
  });
  const translate = () =>
    fixture.session.post(PATH, { source_fragment_id: fixture.period, target_language_code: 'en' });

  it('asks for the translation only, keeping the @@PHn@@ tokens, and puts the texts back', async () => {
    const body = await json(await translate(), TranslateResponse);
    const [request] = model.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer sk-t');
    expect(request!.body).toMatchObject({ model: 'mt-model', temperature: 0 });
    const messages = request!.body.messages as { role: string; content: string }[];
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('from Czech into English');
    expect(messages[0]!.content).toContain('@@PH1@@');
    expect(userText(request!.body)).toBe(
      'Lhůta podle @@PH1@@ činí @@PH2@@ dnů ode dne @@PH3@@ a nejvýše @@PH4@@ roku.',
    );
    expect(body).toMatchObject({ translation_preview: EXPECTED, origin: 'mt', qa: [] });
    expect(body.suggestions.at(-1)!.provenance).toEqual([
      { source: 'provider', provider: 'openai', model: 'mt-model' },
    ]);
  });

  it('lists a dropped placeholder in qa', async () => {
    model.reply = (body) => completion(fakeTranslate(userText(body)).replace('@@PH1@@', 'Section 2'));
    const body = await json(await translate(), TranslateResponse);
    expect(body.qa).toEqual([{ code: 'placeholder_lost', expected: '§ 1', found: null }]);
  });

  it('pauses on 503 with an HTTP-date Retry-After, answers 502 on a 500 and 504 on a timeout', async () => {
    const at = new Date(Date.now() + 300_000).toUTCString();
    model.reply = () => ({ status: 503, headers: { 'retry-after': at }, json: { error: { message: 'overloaded' } } });
    const busy = await expectApiError(await translate(), 503, 'translation_provider_busy');
    expect(busy.retry_after).toBeGreaterThan(290);
    await expectApiError(await translate(), 503, 'translation_provider_busy');
    expect(model.requests).toHaveLength(1);

    await sqlRows(fixture.server.database.db, sql`DELETE FROM translation_provider_pauses`);
    model.reply = () => ({ status: 500, json: { error: { message: 'boom' } } });
    await expectApiError(await translate(), 502, 'translation_provider_failed');
    model.reply = () => 'hang';
    await expectApiError(await translate(), 504, 'translation_provider_timeout');
    expect(await pauseRows(fixture.server)).toEqual([]);
  });
});
