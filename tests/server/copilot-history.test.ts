// The Copilot History on PGlite and (with DATABASE_URL) PostgreSQL: a finished chat turn is
// stored for its user (question redacted), listing shows one's own only, another user's
// conversation is 404 to read and to delete, DELETE needs the CSRF header, and the limits hold
// (conversations per user pruned oldest first, message text cut).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CopilotConversation,
  CopilotConversationList,
  MAX_STORED_MESSAGE_CHARS,
} from '../../src/api/contract/copilot.js';
import { storeTurn } from '../../server/copilot/conversation-store.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { capturePublish, chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('Copilot history (%s)', (engine) => {
  let server: TestServer;
  let hash: string;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(engine, { copilot: { publish: capturePublish().publish } });
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
    hash = (await templatesOf(server.url)).hash;
    alice = await registerAndLogin(server);
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  async function list(who: TestAccount, query = '') {
    const response = await who.session.get(`/v1/copilot/conversations${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, CopilotConversationList);
  }
  async function read(who: TestAccount, id: string) {
    const response = await who.session.get(`/v1/copilot/conversations/${id}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, CopilotConversation);
  }
  async function ask(who: TestAccount, question: string, conversationId: string) {
    const copilot = await issueSession(who.session, hash);
    const body = chatBody(copilot, hash, question, { conversation_id: conversationId });
    const response = await postChat(`${server.url}/copilot/chat`, copilot.signed_headers, body);
    expect(response.status).toBe(200);
    return (await readChunks(response)).join('');
  }

  it('stores each finished turn of a chat under its user, the question redacted, in order', async () => {
    const id = randomUUID();
    const answer = await ask(alice, 'Co říká § 2 zákona 99/2020? Pište na jan@example.com', id);
    await ask(alice, 'A § 1?', id);
    const conversation = await read(alice, id);
    expect(conversation.title).toBe('Co říká § 2 zákona 99/2020? Pište na [EMAIL]');
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation.messages[1]!.text).toBe(answer);
    expect(conversation.messages[2]!.text).toBe('A § 1?');
    expect(JSON.stringify(conversation)).not.toContain('jan@example.com');
  });

  it("lists one's own conversations only, most recently used first, paged", async () => {
    const first = randomUUID();
    const second = randomUUID();
    await ask(bob, 'První otázka', first);
    await ask(bob, 'Druhá otázka', second);
    const page = await list(bob, '?limit=1');
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.title)).toEqual(['Druhá otázka']);
    expect((await list(bob, '?limit=1&offset=1')).items.map((item) => item.id)).toEqual([first]);
    const forAlice = await list(alice);
    expect(forAlice.items.some((item) => item.id === first || item.id === second)).toBe(false);
  });

  it("answers 404 for another user's conversation, to read and to delete, and keeps it", async () => {
    const id = randomUUID();
    await ask(bob, 'Bobova otázka', id);
    await expectApiError(await alice.session.get(`/v1/copilot/conversations/${id}`), 404, 'not_found');
    await expectApiError(await alice.session.delete(`/v1/copilot/conversations/${id}`), 404, 'not_found');
    expect((await read(bob, id)).title).toBe('Bobova otázka');
  });

  it("does not add turns to another user's conversation id", async () => {
    const id = randomUUID();
    await ask(bob, 'Jen Bob', id);
    await ask(alice, 'Vetřelec', id);
    const conversation = await read(bob, id);
    expect(conversation.messages.filter((message) => message.role === 'user').map((m) => m.text)).toEqual(['Jen Bob']);
    await expectApiError(await alice.session.get(`/v1/copilot/conversations/${id}`), 404, 'not_found');
  });

  it('deletes a conversation with 204 and the CSRF header; without it, 403 and nothing goes', async () => {
    const id = randomUUID();
    await ask(alice, 'Ke smazání', id);
    await expectApiError(
      await alice.session.withoutCsrf('DELETE', `/v1/copilot/conversations/${id}`),
      403,
      'csrf_failed',
    );
    expect((await read(alice, id)).id).toBe(id);
    const deleted = await alice.session.delete(`/v1/copilot/conversations/${id}`);
    expect(deleted.status).toBe(204);
    await expectApiError(await alice.session.get(`/v1/copilot/conversations/${id}`), 404, 'not_found');
  });

  it('needs a login and a UUID', async () => {
    const anonymous = await fetch(`${server.url}/v1/copilot/conversations`);
    await expectApiError(anonymous, 401, 'not_authenticated');
    await expectApiError(await alice.session.get('/v1/copilot/conversations/nope'), 400, 'validation_failed');
  });

  it('keeps at most the limit of conversations per user, pruning the least recently used, and cuts long text', async () => {
    const carol = await registerAndLogin(server, { first_name: 'Carol', last_name: 'Clerk' });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, id] of ids.entries()) {
      await storeTurn(db(), { userId: carol.user.id, conversationId: id, question: `Q${index}`, answer: 'A' }, 2);
    }
    const kept = await list(carol);
    expect(kept.total).toBe(2);
    expect(kept.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);

    const long = 'x'.repeat(MAX_STORED_MESSAGE_CHARS + 50);
    await storeTurn(db(), { userId: carol.user.id, conversationId: ids[2]!, question: long, answer: long }, 2);
    const conversation = await read(carol, ids[2]!);
    expect(conversation.messages.at(-1)!.text).toHaveLength(MAX_STORED_MESSAGE_CHARS);
    expect(conversation.messages.at(-2)!.text.endsWith('…')).toBe(true);
    expect((await list(carol)).items[0]!.id).toBe(ids[2]);
  });
});
