// Copilot tool calls reach the browser: a WebSocket client subscribed to user:{id} on the main
// server receives the automation commands of the model's tool call (fake OpenAI-compatible
// server), of the embedded assistant's direct request, and of the separate chat service.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandMessage, userChannel } from '../../src/realtime/protocol.js';
import { buildCopilotService } from '../../server/copilot/copilot-service.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin } from '../support/accounts.js';
import { chatBody, issueSession, postChat, templatesOf } from '../support/copilot-chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { actVersion2024 } from '../support/fixture-documents.js';
import { connectLive, type RealtimeTestClient } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2024.externalId);
const actPath = `/documents/${actId}-zakon-o-zkusebnich-predpisech?node=`;

const isCommand = (cmd: string) => (message: Record<string, unknown>) => message.cmd === cmd;

describe.each(ENGINES)('Copilot automation over the live channel on %s', (engine) => {
  let model: FakeOpenAi;
  let withModel: TestServer;
  let embedded: TestServer;
  let service: FastifyInstance;
  let serviceUrl: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi();
    withModel = await startTestServer(engine, { copilot: { model: { url: model.url, model: 'fake-model' } } });
    embedded = await startTestServer(engine);
    for (const server of [withModel, embedded]) await storeVersion(server.database.db, actVersion2024, 'fixture-2024');
    // The separate chat service on the embedded server's database.
    service = await buildCopilotService({ database: embedded.database, publicUrl: embedded.url });
    await service.listen({ port: 0, host: '127.0.0.1' });
    const address = service.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    serviceUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await service?.close();
    await withModel?.close();
    await embedded?.close();
    await model?.close();
  });

  const live = async (server: TestServer) => {
    const { session, user } = await registerAndLogin(server);
    const socket = await connectLive(server.url, session);
    sockets.push(socket);
    expect(await socket.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
    return { session, user, socket };
  };

  it("delivers the model's open_document tool call to the user's socket, and to nobody else's", async () => {
    const hash = (await templatesOf(withModel.url)).hash;
    const alice = await live(withModel);
    const bob = await live(withModel);
    const copilot = await issueSession(alice.session, hash);
    model.enqueue(
      { toolCalls: [{ name: 'open_document', arguments: { document_id: actId, node_id: '§ 2' } }] },
      { text: ['Otevřeno.'] },
    );

    const response = await postChat(
      `${withModel.url}/copilot/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'Otevři § 2 zákona 99/2020.'),
    );
    expect(await response.text()).toBe('Otevřeno.');

    const open = CommandMessage.parse(await alice.socket.waitFor(isCommand('editor.open')));
    expect(open.channel).toBe(userChannel(alice.user.id));
    expect(open.payload).toMatchObject({ document_id: actId, path: expect.stringContaining(actPath) });
    const navigate = CommandMessage.parse(await alice.socket.waitFor(isCommand('tool.navigate')));
    expect(navigate.payload).toMatchObject({ path: (open.payload as { path: string }).path });
    expect(CommandMessage.parse(await alice.socket.waitFor(isCommand('copilot.tool_call'))).payload).toMatchObject({
      name: 'open_document',
    });
    // Bob's socket saw none of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      bob.socket.messages.filter((message) => typeof message === 'object' && message !== null && 'cmd' in message),
    ).toEqual([]);
  });

  it("delivers the embedded assistant's 'search …' results", async () => {
    const hash = (await templatesOf(embedded.url)).hash;
    const { session, socket } = await live(embedded);
    const copilot = await issueSession(session, hash);
    const response = await postChat(
      `${embedded.url}/copilot/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'hledej výsledek zkoušky'),
    );
    expect(response.status).toBe(200);
    await response.text();
    const results = CommandMessage.parse(await socket.waitFor(isCommand('search.results')));
    expect(results.payload).toMatchObject({
      q: 'výsledek zkoušky',
      items: [expect.objectContaining({ document_id: actId, external_id: '99/2020 Sb.' })],
    });
  });

  it('delivers what the separate chat service publishes to a socket on the main server', async () => {
    const hash = (await templatesOf(embedded.url)).hash;
    const { session, socket, user } = await live(embedded);
    const copilot = await issueSession(session, hash);
    const response = await postChat(
      `${serviceUrl}/chat`,
      copilot.signed_headers,
      chatBody(copilot, hash, 'otevři 99/2020 § 2'),
    );
    expect(response.status).toBe(200);
    await response.text();
    const open = CommandMessage.parse(await socket.waitFor(isCommand('editor.open')));
    expect(open.channel).toBe(userChannel(user.id));
    expect(open.payload).toMatchObject({ path: expect.stringContaining(actPath) });
  });
});
