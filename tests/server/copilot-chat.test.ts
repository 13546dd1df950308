// The chat service inside the main server (POST /copilot/chat) with the embedded retrieval
// assistant: signed-session checks (tampered, expired, foreign, mismatched), limits, streaming,
// answers that cite provisions as links, and the automation commands of direct requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/common.js';
import type { CopilotSession } from '../../src/api/contract/copilot.js';
import { CommandMessage, userChannel } from '../../src/realtime/protocol.js';
import { loadCopilotSecret } from '../../server/copilot/copilot-secret.js';
import { signSession } from '../../server/copilot/signed-session.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin } from '../support/accounts.js';
import { capturePublish, chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import type { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2020.externalId);
const actSlug = 'zakon-o-zkusebnich-predpisech';

describe.each(ENGINES)('Copilot chat (embedded assistant) on %s', (engine) => {
  let server: TestServer;
  let chatUrl: string;
  let hash: string;
  const captured = capturePublish();
  let alice: { session: HttpSession; user: { id: string } };
  let bob: { session: HttpSession; user: { id: string } };

  beforeAll(async () => {
    server = await startTestServer(engine, { copilot: { publish: captured.publish } });
    chatUrl = `${server.url}/copilot/chat`;
    const { db } = server.database;
    await storeVersion(db, actVersion2024, 'fixture-2024');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    hash = (await templatesOf(server.url)).hash;
    alice = await registerAndLogin(server);
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
  });
  afterAll(() => server?.close());

  const ask = async (copilot: CopilotSession, question: string) =>
    postChat(chatUrl, copilot.signed_headers, chatBody(copilot, hash, question));
  const expectRefused = async (response: Response, status: number, detail: string) => {
    expect(response.status).toBe(status);
    expect(ErrorBody.parse(await response.json()).detail).toBe(detail);
  };

  it('streams an answer that quotes and links the named provision, in several chunks', async () => {
    const copilot = await issueSession(alice.session, hash);
    const response = await ask(copilot, 'Co říká § 2 zákona 99/2020?');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const chunks = await readChunks(response);
    expect(chunks.length).toBeGreaterThan(1);
    const text = chunks.join('');
    // The 2024 wording is the main version.
    expect(text).toContain('§ 2, 99/2020 Sb.');
    expect(text).toContain('> (1) Zkouška se koná podle § 1.');
    expect(text).toContain('> (2) Výsledek se zapíše elektronicky.');
    expect(text).toContain('> a) do protokolu,');
    expect(text).toMatch(new RegExp(`\\]\\(/documents/${actId}-${actSlug}\\?node=[0-9a-f-]{36}\\)`));
    // Reader-facing wording: never how to configure the server.
    expect(text).toContain('citacemi z knihovny');
    expect(text).not.toMatch(/COPILOT_|README|nastavte/);
  });

  it('finds provisions by full text, accents folded, when no provision is named', async () => {
    const copilot = await issueSession(alice.session, hash);
    const text = (await readChunks(await ask(copilot, 'Jak se zapisuje vysledek zkousky?'))).join('');
    expect(text).toContain('§ 2, 99/2020 Sb.');
    expect(text).toContain('Výsledek se zapíše elektronicky.');
  });

  it('says honestly when the library has nothing', async () => {
    const copilot = await issueSession(alice.session, hash);
    const text = (await readChunks(await ask(copilot, 'Kolik stojí letenka na Měsíc?'))).join('');
    expect(text).toContain('nenašel');
    expect(text).not.toContain('/documents/');
  });

  it('carries out "open …": the screen is sent to the provision', async () => {
    const copilot = await issueSession(alice.session, hash);
    captured.commands.length = 0;
    const text = (await readChunks(await ask(copilot, 'otevři 99/2020 § 2'))).join('');
    expect(text).toMatch(new RegExp(`^Otevírám \\[§ 2, 99/2020 Sb\\.\\]\\(/documents/${actId}-${actSlug}\\?node=`));
    const open = captured.commands.find((c) => c.cmd === 'editor.open')!;
    expect(open.userId).toBe(alice.user.id);
    expect(open.payload).toMatchObject({ document_id: actId, node_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const navigate = captured.commands.find((c) => c.cmd === 'tool.navigate')!;
    expect(navigate.payload.path).toBe(`/documents/${actId}-${actSlug}?node=${String(open.payload.node_id)}`);
    expect(captured.commands.find((c) => c.cmd === 'copilot.tool_call')?.payload).toMatchObject({
      name: 'open_document',
    });
    // Every command is valid on the live channel.
    for (const command of captured.commands) {
      expect(
        CommandMessage.safeParse({
          type: 'command',
          cmd: command.cmd,
          channel: userChannel(command.userId),
          payload: command.payload,
          ts: Date.now(),
        }).success,
      ).toBe(true);
    }
  });

  it('carries out "search …": the results open in quick search', async () => {
    const copilot = await issueSession(alice.session, hash);
    captured.commands.length = 0;
    const text = (await readChunks(await ask(copilot, 'search test data'))).join('');
    expect(text).toContain('quick search');
    const results = captured.commands.find((c) => c.cmd === 'search.results')!;
    expect(results.userId).toBe(alice.user.id);
    expect(results.payload).toMatchObject({
      q: 'test data',
      items: [expect.objectContaining({ document_id: documentIdFor(bilingualAct.externalId) })],
    });
  });

  it('refuses requests without signed headers or with a tampered signature, user or expiry (401)', async () => {
    const copilot = await issueSession(alice.session, hash);
    const body = chatBody(copilot, hash, 'Co říká § 1?');
    await expectRefused(await postChat(chatUrl, {}, body), 401, 'copilot_session_invalid');
    const headers = copilot.signed_headers;
    const signature = headers['x-copilot-signature'];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    await expectRefused(
      await postChat(chatUrl, { ...headers, 'x-copilot-signature': flipped }, body),
      401,
      'copilot_session_invalid',
    );
    await expectRefused(
      await postChat(chatUrl, { ...headers, 'x-copilot-user': bob.user.id }, body),
      401,
      'copilot_session_invalid',
    );
    const later = String(Number(headers['x-copilot-expires']) + 3600);
    await expectRefused(
      await postChat(chatUrl, { ...headers, 'x-copilot-expires': later }, body),
      401,
      'copilot_session_invalid',
    );
  });

  it('refuses an expired session (401 copilot_session_expired)', async () => {
    const copilot = await issueSession(alice.session, hash);
    const expired = signSession(loadCopilotSecret(), {
      sessionId: copilot.session_id,
      userId: alice.user.id,
      login: copilot.signed_headers['x-copilot-login'],
      nonce: copilot.nonce,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    await expectRefused(
      await postChat(chatUrl, expired, chatBody(copilot, hash, 'Co říká § 1?')),
      401,
      'copilot_session_expired',
    );
  });

  it("refuses a foreign session: one user's request with another's headers, or a logged-in user with another's session", async () => {
    const aliceCopilot = await issueSession(alice.session, hash);
    const bobCopilot = await issueSession(bob.session, hash);
    // Alice's body (session id and nonce) under Bob's headers.
    await expectRefused(
      await postChat(chatUrl, bobCopilot.signed_headers, chatBody(aliceCopilot, hash, 'Co říká § 1?')),
      401,
      'copilot_session_invalid',
    );
    // Bob, logged in, presents Alice's whole session.
    const borrowed = await bob.session.post(
      '/copilot/chat',
      chatBody(aliceCopilot, hash, 'Co říká § 1?'),
      aliceCopilot.signed_headers,
    );
    await expectRefused(borrowed, 401, 'copilot_session_invalid');
  });

  it('refuses a body that does not match its session (401)', async () => {
    const first = await issueSession(alice.session, hash);
    const second = await issueSession(alice.session, hash);
    await expectRefused(
      await postChat(chatUrl, first.signed_headers, chatBody(second, hash, 'Co říká § 1?')),
      401,
      'copilot_session_invalid',
    );
    await expectRefused(
      await postChat(chatUrl, first.signed_headers, chatBody(first, hash, 'Co říká § 1?', { nonce: second.nonce })),
      401,
      'copilot_session_invalid',
    );
  });

  it('validates the body (400), the template (400, 409) and its size (413)', async () => {
    const copilot = await issueSession(alice.session, hash);
    const headers = copilot.signed_headers;
    const invalid = await postChat(chatUrl, headers, { ...chatBody(copilot, hash, 'x'), messages: [] });
    expect(invalid.status).toBe(400);
    expect(ErrorBody.parse(await invalid.json())).toMatchObject({ detail: 'validation_failed', field: 'messages' });
    await expectRefused(await postChat(chatUrl, headers, '{"session_id":'), 400, 'invalid_json');
    await expectRefused(
      await postChat(chatUrl, headers, chatBody(copilot, hash, 'x', { template: 'nope' })),
      400,
      'validation_failed',
    );
    await expectRefused(
      await postChat(chatUrl, headers, chatBody(copilot, 'f'.repeat(64), 'x')),
      409,
      'copilot_templates_changed',
    );
    const big = chatBody(copilot, hash, 'x', {
      messages: Array.from({ length: 5 }, () => ({ role: 'user' as const, content: 'slovo '.repeat(3_000) })),
    });
    await expectRefused(await postChat(chatUrl, headers, big), 413, 'payload_too_large');
  });
});

describe.each(ENGINES)('Copilot chat rate limit on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { copilot: { chatRateLimit: { limit: 2, windowSeconds: 60 } } });
  });
  afterAll(() => server?.close());

  it('answers 429 with Retry-After past the per-user limit, for that user only', async () => {
    const hash = (await templatesOf(server.url)).hash;
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
    const aliceCopilot = await issueSession(alice.session, hash);
    const url = `${server.url}/copilot/chat`;
    const send = (copilot: CopilotSession) =>
      postChat(url, copilot.signed_headers, chatBody(copilot, hash, 'Co říká § 1?'));
    for (let i = 0; i < 2; i++) {
      const ok = await send(aliceCopilot);
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const limited = await send(aliceCopilot);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ErrorBody.parse(await limited.json()).detail).toBe('rate_limited');
    // A new session does not reset it; another user is not affected.
    expect((await send(await issueSession(alice.session, hash))).status).toBe(429);
    const other = await send(await issueSession(bob.session, hash));
    expect(other.status).toBe(200);
    await other.text();
  });
});
