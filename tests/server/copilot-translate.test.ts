// Copilot translate requests on the real Constitution (1993 e-Sbírka JSON and the 2026
// consolidated Markdown), over HTTP and the live channel, on PGlite and (with DATABASE_URL)
// PostgreSQL. The 1993 version's Čl. 54 odst. 1 has an English text, so the 2026 wording of the
// same paragraph has an exact memory match. Embedded: 'přelož čl. 54 ústavy do angličtiny' sends
// editor.translation_preview to user:{id} and answers with the %, provenance and the editor link;
// no match says MT is not available and sends nothing; an unknown language answers helpfully.
// Model (a real local OpenAI-compatible server): lookup_translation_memory, then propose_translation.
// With a provider (a real local LibreTranslate server) the preview is its output, origin mt.
// And the request parser: Czech and English language names in their grammatical forms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandMessage, userChannel } from '../../src/realtime/protocol.js';
import { parseQuestion } from '../../server/copilot/question.js';
import { sqlRows } from '../../server/db/sql.js';
import { importPaths } from '../../server/importers/import-files.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin } from '../support/accounts.js';
import { chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { connectLive, type RealtimeTestClient } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('copilot-translate tests');

const ENGLISH_54_1 = 'The President of the Republic shall be the head of State.';
const ENGLISH_54_3 = 'The President of the Republic is not responsible for the performance of his office.';
const PREVIEW = 'editor.translation_preview';
const isCommand = (cmd: string) => (message: Record<string, unknown>) => message.cmd === cmd;
const commandsOf = (socket: RealtimeTestClient, cmd: string) =>
  socket.messages.filter((m) => typeof m === 'object' && m !== null && (m as { cmd?: unknown }).cmd === cmd);

interface ParagraphRow {
  id: string;
  node_id: string;
  branch_id: string;
  group_id: string;
  seq: number;
  branch_name: string;
  path: string;
}

/** The Constitution, and an English text for the 1993 version's Čl. 54 odst. 1 (imported, as an official one would be). */
async function prepare(server: TestServer) {
  const report = await importPaths(server.database.db, [
    corpusPath('cz-esbirka-original-json', '1_1993.json'),
    corpusPath('cz-consolidated-md', '1-1993.md'),
  ]);
  expect(report.errors).toEqual([]);
  const rows = await sqlRows<ParagraphRow>(
    server.database.db,
    sql`SELECT f.id, f.node_id, f.branch_id, f.group_id, f.seq, b.name AS branch_name, n.external_id AS path
        FROM fragments f JOIN nodes n ON n.id = f.node_id JOIN branches b ON b.id = f.branch_id
        JOIN documents d ON d.id = b.document_id
        WHERE d.external_id = '1/1993 Sb.' AND n.external_id IN ('cl-54/odst-1', 'cl-54/odst-2', 'cl-54/odst-3')
        ORDER BY b.name, n.external_id`,
  );
  const at = (branch: string, path: string) =>
    rows.find((row) => row.branch_name.startsWith(branch) && row.path === path)!;
  const old541 = at('snapshot', 'cl-54/odst-1');
  await insertEnglish(server, old541, ENGLISH_54_1, null);
  return {
    main541: at('main', 'cl-54/odst-1'),
    main542: at('main', 'cl-54/odst-2'),
    main543: at('main', 'cl-54/odst-3'),
    old543: at('snapshot', 'cl-54/odst-3'),
  };
}

/** An English fragment aligned with a Czech one: imported (owner null) or a user's saved translation. */
async function insertEnglish(server: TestServer, czech: ParagraphRow, text: string, ownerId: string | null) {
  await server.database.raw(
    `INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id, has_text,
                            text, owner_id, translation_status)
     SELECT gen_random_uuid(), $1, $2, language_id, $3, NULL, $4, $5, true, $6, $7::uuid, $8
     FROM languages WHERE iso_639_1 = 'en'`,
    [
      czech.branch_id,
      czech.node_id,
      czech.seq,
      `test-en-${czech.path}-${ownerId ?? 'imported'}`,
      czech.group_id,
      text,
      ownerId,
      ownerId ? 'reviewed' : null,
    ],
  );
}

describe.skipIf(!hasCorpus).each(ENGINES)('Copilot translate requests (%s)', (engine) => {
  let embedded: TestServer;
  let withModel: TestServer;
  let model: FakeOpenAi;
  let fixtures: Awaited<ReturnType<typeof prepare>>;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi();
    embedded = await startTestServer(engine);
    withModel = await startTestServer(engine, { copilot: { model: { url: model.url, model: 'fake-model' } } });
    fixtures = await prepare(embedded);
    // Same corpus, same ids (UUID v5 of the source identities) on the model server.
    await prepare(withModel);
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await embedded?.close();
    await withModel?.close();
    await model?.close();
  });

  /** A new user with a live socket on user:{id}, and a chat function for them. */
  const live = async (server: TestServer) => {
    const { session, user } = await registerAndLogin(server);
    const socket = await connectLive(server.url, session);
    sockets.push(socket);
    expect(await socket.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
    const hash = (await templatesOf(server.url)).hash;
    const copilot = await issueSession(session, hash);
    const ask = async (question: string) => {
      const response = await postChat(
        `${server.url}/copilot/chat`,
        copilot.signed_headers,
        chatBody(copilot, hash, question),
      );
      expect(response.status).toBe(200);
      return (await readChunks(response)).join('');
    };
    return { user, socket, ask };
  };

  describe('embedded assistant', () => {
    it("'přelož čl. 54 ústavy do angličtiny' previews the exact memory match live and names the % and provenance", async () => {
      const { user, socket, ask } = await live(embedded);
      const text = await ask('přelož čl. 54 ústavy do angličtiny');

      const preview = CommandMessage.parse(await socket.waitFor(isCommand(PREVIEW)));
      expect(preview.channel).toBe(userChannel(user.id));
      expect(preview.payload).toEqual({
        translation_preview: ENGLISH_54_1,
        fragment_id: fixtures.main541.id,
        language: 'en',
        origin: 'exact',
        score: 100,
      });
      const toolCall = CommandMessage.parse(
        await socket.waitFor(
          (m) => m.cmd === 'copilot.tool_call' && (m.payload as { name?: string }).name === 'propose_translation',
        ),
      );
      expect(toolCall.payload).toMatchObject({ summary: expect.stringContaining('exact 100%') });

      expect(text).toContain('Čl. 54 odst. 1, 1/1993 Sb.');
      expect(text).toContain('> Prezident republiky je hlavou státu.');
      expect(text).toContain('přesná shoda 100 %');
      expect(text).toContain(`> ${ENGLISH_54_1}`);
      expect(text).toContain('Zdroj: 1/1993 Sb., odst. 1 (snapshot-1993-01-01).');
      expect(text).toContain(`[editoru](/editor/${fixtures.main541.id})`);
      // Čl. 54 has three paragraphs; the answer says how to ask for the others.
      expect(text).toContain('Ustanovení má 3 části s textem; přeložil jsem první.');
    });

    it('answers in English to an English request', async () => {
      const { socket, ask } = await live(embedded);
      const text = await ask('translate Article 54 of the Constitution into English');
      expect(text).toContain('exact match 100%');
      expect(text).toContain('Source: 1/1993 Sb., odst. 1 (snapshot-1993-01-01).');
      expect(CommandMessage.parse(await socket.waitFor(isCommand(PREVIEW))).payload).toMatchObject({
        fragment_id: fixtures.main541.id,
        language: 'en',
        origin: 'exact',
        score: 100,
      });
    });

    it('says that machine translation is not available when the memory has no match, and sends no preview', async () => {
      const { socket, ask } = await live(embedded);
      const text = await ask('přelož čl. 54 odst. 2 ústavy do angličtiny');
      expect(text).toContain('Čl. 54 odst. 2, 1/1993 Sb.');
      expect(text).toContain('nenašel shodu do angličtiny (alespoň 75 %)');
      expect(text).toContain('Strojový překlad teď není k dispozici.');
      expect(text).not.toContain('TRANSLATION_PROVIDER');
      expect(text).toContain(`[editoru](/editor/${fixtures.main542.id})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(commandsOf(socket, PREVIEW)).toEqual([]);
    });

    it('answers helpfully to an unknown or a missing target language', async () => {
      const { socket, ask } = await live(embedded);
      const unknown = await ask('přelož čl. 54 ústavy do klingonštiny');
      expect(unknown).toContain('Jazyk „klingonštiny“ neznám.');
      expect(unknown).toContain('„do angličtiny“');
      const missing = await ask('přelož čl. 54 ústavy');
      expect(missing).toContain('Do jakého jazyka mám překládat?');
      const english = await ask('translate Article 54 of the Constitution into Klingon');
      expect(english).toContain('I do not know the language “Klingon”.');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(commandsOf(socket, PREVIEW)).toEqual([]);
    });

    it('finds a provision by law number and section, and says when it is not there', async () => {
      const { ask } = await live(embedded);
      expect(await ask('přelož § 2 zákona 89/2012 do němčiny')).toContain(
        'Ustanovení § 2 (89/2012) jsem v knihovně nenašel.',
      );
      expect(await ask('přelož čl. 54 ústavy do češtiny')).toContain('jen v jazyce, do kterého chcete překládat');
    });

    it("uses the user's own saved translation for them, and nobody else's", async () => {
      const alice = await live(embedded);
      const bob = await live(embedded);
      await insertEnglish(embedded, fixtures.old543, ENGLISH_54_3, alice.user.id);

      const forAlice = await alice.ask('přelož čl. 54 odst. 3 ústavy do angličtiny');
      expect(forAlice).toContain('přesná shoda 100 %');
      expect(CommandMessage.parse(await alice.socket.waitFor(isCommand(PREVIEW))).payload).toMatchObject({
        translation_preview: ENGLISH_54_3,
        fragment_id: fixtures.main543.id,
        origin: 'exact',
      });

      const forBob = await bob.ask('přelož čl. 54 odst. 3 ústavy do angličtiny');
      expect(forBob).toContain('Strojový překlad teď není k dispozici.');
      expect(forBob).not.toContain(ENGLISH_54_3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(commandsOf(bob.socket, PREVIEW)).toEqual([]);
    });
  });

  describe('with a model', () => {
    it('shows the model the memory matches, then publishes its proposal with origin and score', async () => {
      const { socket, ask } = await live(withModel);
      model.requests.length = 0;
      model.enqueue(
        {
          toolCalls: [
            {
              name: 'lookup_translation_memory',
              arguments: { document: '1/1993', cite_key: 'čl. 54', language: 'en' },
            },
          ],
        },
        {
          toolCalls: [
            {
              name: 'propose_translation',
              arguments: { fragment_id: fixtures.main541.id, text: ENGLISH_54_1, language: 'en' },
            },
          ],
        },
        { text: ['Navrhl jsem překlad z paměti.'] },
      );
      expect(await ask('Přelož čl. 54 ústavy do angličtiny.')).toBe('Navrhl jsem překlad z paměti.');

      expect(model.requests[0]!.tools?.map((t) => t.function.name)).toContain('lookup_translation_memory');
      // The second request carries the lookup's result: the fragment, its source and the exact match.
      const lookup = JSON.parse(String(model.requests[1]!.messages.find((m) => m.role === 'tool')!.content));
      expect(lookup).toMatchObject({
        fragment_id: fixtures.main541.id,
        source_text: 'Prezident republiky je hlavou státu.',
        source_language: 'cs',
        target_language: 'en',
        preview: { text: ENGLISH_54_1, origin: 'exact', score: 100 },
      });
      expect(lookup.suggestions[0]).toMatchObject({
        kind: 'exact',
        score: 100,
        provenance: ['1/1993 Sb., odst. 1 (snapshot-1993-01-01)'],
      });
      const proposed = JSON.parse(String(model.requests[2]!.messages.filter((m) => m.role === 'tool').at(-1)!.content));
      expect(proposed).toEqual({ proposed: true, origin: 'exact', score: 100 });

      expect(CommandMessage.parse(await socket.waitFor(isCommand(PREVIEW))).payload).toEqual({
        translation_preview: ENGLISH_54_1,
        fragment_id: fixtures.main541.id,
        language: 'en',
        origin: 'exact',
        score: 100,
      });
    });

    it("marks the model's own wording as machine translation at 0", async () => {
      const { socket, ask } = await live(withModel);
      const own = 'The President of the Republic is the head of the State.';
      model.enqueue(
        {
          toolCalls: [
            {
              name: 'propose_translation',
              arguments: { fragment_id: fixtures.main541.id, text: own, language: 'English' },
            },
          ],
        },
        { text: ['Hotovo.'] },
      );
      expect(await ask('Přelož čl. 54 ústavy do angličtiny vlastními slovy.')).toBe('Hotovo.');
      expect(CommandMessage.parse(await socket.waitFor(isCommand(PREVIEW))).payload).toEqual({
        translation_preview: own,
        fragment_id: fixtures.main541.id,
        language: 'en',
        origin: 'mt',
        score: 0,
      });
    });
  });
});

describe('translate requests parsed', () => {
  it.each([
    ['přelož čl. 54 ústavy do angličtiny', 'cs', 'en', '54'],
    ['Přeložte prosím čl. 54 odst. 2 ústavy anglicky', 'cs', 'en', '54'],
    ['preloz cl. 54 ustavy do slovenstiny', 'cs', 'sk', '54'],
    ['přelož čl. 54 v ústavě na polštinu', 'cs', 'pl', '54'],
    ['přelož § 2 zákona 89/2012 do němčiny', 'cs', 'de', '2'],
    ['přelož § 2 zákona 89/2012 do francouzštiny', 'cs', 'fr', '2'],
    ['translate Article 54 of the Constitution into English', 'en', 'en', '54'],
    ['translate § 2 of 89/2012 to German', 'en', 'de', '2'],
    ['Could you translate Article 6 of 2016/679 into Czech?', 'en', 'cs', '6'],
    ['translate Article 6 of 2016/679 into de', 'en', 'de', '6'],
  ])('%s', (question, language, target, number) => {
    const parsed = parseQuestion(question);
    expect(parsed).toMatchObject({ intent: 'translate', language, targetLanguage: target });
    expect(parsed.citeKey?.number).toBe(number);
    // The language phrase is no search word.
    expect(parsed.terms.join(' ')).not.toMatch(/anglic|nemc|english|german|slovens|polst|francouz/);
  });

  it('keeps the provision and the law number apart from the language', () => {
    expect(parseQuestion('přelož § 2 zákona 89/2012 do němčiny')).toMatchObject({
      numbers: ['89/2012'],
      citeKey: { kind: 'section', number: '2' },
    });
    expect(parseQuestion('přelož čl. 54 ústavy do angličtiny').titlePhrases).toEqual(['ustava ceske republiky']);
  });

  it('names an unknown language, and none when the request has none', () => {
    expect(parseQuestion('přelož čl. 54 ústavy do klingonštiny')).toMatchObject({
      intent: 'translate',
      unknownLanguage: 'klingonštiny',
    });
    const none = parseQuestion('přelož čl. 54 ústavy');
    expect(none.intent).toBe('translate');
    expect(none.targetLanguage).toBeUndefined();
    expect(none.unknownLanguage).toBeUndefined();
  });

  it('leaves other questions alone', () => {
    expect(parseQuestion('Co říká čl. 54 ústavy o překladu do angličtiny?').intent).toBe('ask');
    expect(parseQuestion('otevři 1/1993 čl. 54').intent).toBe('open');
    expect(parseQuestion('Co říká čl. 54 ústavy?').targetLanguage).toBeUndefined();
  });
});

describe.each(ENGINES)('Copilot translate requests with a provider (%s)', (engine) => {
  let server: TestServer;
  let provider: http.Server;
  const received: Record<string, unknown>[] = [];

  beforeAll(async () => {
    // LibreTranslate's wire protocol: POST /translate {q, source, target, format} → {translatedText}.
    provider = http.createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ translatedText: 'Dieses Gesetz regelt Prüfungen.' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    server = await startTestServer(engine, {
      copilot: { translation: { provider: { name: 'libretranslate', url } } },
    });
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it("never translates another law's provision of the same number", async () => {
    const { session } = await registerAndLogin(server);
    const hash = (await templatesOf(server.url)).hash;
    const copilot = await issueSession(session, hash);
    const calls = received.length;
    // 99/2020 has a § 2; 89/2012 is not in the library.
    const response = await postChat(
      `${server.url}/copilot/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'přelož § 2 zákona 89/2012 do němčiny'),
    );
    expect((await readChunks(response)).join('')).toContain('Ustanovení § 2 (89/2012) jsem v knihovně nenašel.');
    expect(received.length).toBe(calls);
  });

  it("previews the provider's output as machine translation at 0 and names the provider", async () => {
    const { session, user } = await registerAndLogin(server);
    const socket = await connectLive(server.url, session);
    try {
      expect(await socket.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
      const hash = (await templatesOf(server.url)).hash;
      const copilot = await issueSession(session, hash);
      const response = await postChat(
        `${server.url}/copilot/chat`,
        copilot.signed_headers,
        chatBody(copilot, hash, 'přelož § 1 zákona 99/2020 do němčiny'),
      );
      const text = (await readChunks(response)).join('');
      expect(received.at(-1)).toMatchObject({ q: 'Tento zákon upravuje zkoušky.', source: 'cs', target: 'de' });
      expect(text).toContain('Strojový překlad do němčiny (libretranslate)');
      expect(text).toContain('> Dieses Gesetz regelt Prüfungen.');
      const preview = CommandMessage.parse(await socket.waitFor(isCommand(PREVIEW)));
      expect(preview.payload).toMatchObject({
        translation_preview: 'Dieses Gesetz regelt Prüfungen.',
        language: 'de',
        origin: 'mt',
        score: 0,
      });
    } finally {
      socket.close();
    }
  });
});
