// The Copilot's model uses the user's memory as their managed key (issue 12): the key is made
// once with the first Copilot session (managed, memory.write, 'Copilot', never rotated or
// revoked), the model's memory tool calls write the user's graph, which an agent then reads
// through /mcp, and the uses show among the managed key's events.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyEventList, ApiKeyList, ApiKeyWithSecret } from '../../src/api/contract/api-keys.js';
import { registerAndLogin } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { capturePublish, chatBody, issueSession, postChat, templatesOf } from '../support/copilot-chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('the Copilot’s memory tools on %s', (engine) => {
  let server: TestServer;
  let model: FakeOpenAi;
  let hash: string;
  const captured = capturePublish();

  beforeAll(async () => {
    model = await startFakeOpenAi();
    server = await startTestServer(engine, {
      copilot: { model: { url: model.url, model: 'fake-model' }, publish: captured.publish },
    });
    hash = (await templatesOf(server.url)).hash;
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('makes one managed key with the first session and writes memory through it', async () => {
    const { session } = await registerAndLogin(server);
    expect((await json(await session.get('/v1/api-keys'), ApiKeyList)).items).toEqual([]);
    const [copilot] = await Promise.all([issueSession(session, hash), issueSession(session, hash)]);
    await issueSession(session, hash);
    const keys = (await json(await session.get('/v1/api-keys'), ApiKeyList)).items;
    expect(keys).toHaveLength(1);
    const managed = keys[0]!;
    expect(managed).toMatchObject({
      managed: true,
      scopes: ['memory.write'],
      description: 'Copilot',
      status: 'active',
    });
    await expectApiError(await session.delete(`/v1/api-keys/${managed.id}`), 403, 'managed_key');
    await expectApiError(await session.post(`/v1/api-keys/${managed.id}/rotate`, {}), 403, 'managed_key');

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'create_entities',
            arguments: { entities: [{ name: 'Klient Dvořák', entityType: 'client', observations: ['Spor o nájem'] }] },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'add_observations', arguments: { observations: [{ entityName: 'Nikdo', contents: ['x'] }] } },
        ],
      },
      { text: ['Zapamatováno.'] },
    );
    const response = await postChat(
      `${server.url}/copilot/chat`,
      copilot!.signed_headers,
      chatBody(copilot!, hash, 'Zapamatuj si klienta Dvořáka, spor o nájem.'),
    );
    expect(await response.text()).toBe('Zapamatováno.');
    // The failing call came back to the model as our error body, not as a failed chat.
    const failed = model.requests[2]!.messages.filter((m) => m.role === 'tool').at(-1)!;
    expect(JSON.parse(String(failed.content))).toMatchObject({ detail: 'not_found' });
    expect(model.requests[0]!.tools?.map((t) => t.function.name)).not.toContain('clear_memory');

    // An agent with the user's own read key sees what the Copilot wrote.
    const created = await session.post('/v1/api-keys', { scopes: ['memory.read'] });
    const { secret } = await json(created, ApiKeyWithSecret);
    const agent = new Client({ name: 'agent', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${secret}` } },
      }),
    );
    const result = (await agent.callTool({ name: 'open_nodes', arguments: { names: ['Klient Dvořák'] } })) as {
      content: { text: string }[];
    };
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({
      entities: [{ name: 'Klient Dvořák', entityType: 'client', observations: ['Spor o nájem'] }],
    });
    await agent.close();

    const events = (await json(await session.get(`/v1/api-keys/events?key_id=${managed.id}`), ApiKeyEventList)).items;
    expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['created', 'used']));
    expect(captured.commands.filter((c) => c.cmd === 'copilot.tool_call').map((c) => c.payload.name)).toEqual(
      expect.arrayContaining(['create_entities', 'add_observations']),
    );
  });
});
