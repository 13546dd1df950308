// POST /mcp over real HTTP with the SDK's own client (and raw JSON-RPC where a status or header is
// the point), on PGlite and PostgreSQL: the tools each scope lists and may call, writes read back,
// every 401 code with its challenge, keys in URLs, Origin, 413, 429, isolation between owners,
// fuzzed arguments, the library tools; two instances on one PostgreSQL with 16 concurrent
// writers; and a client no project code wrote, the MCP Inspector CLI.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyEventList, ApiKeyWithSecret, type ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { ProtectedResourceMetadata } from '../../src/api/contract/mcp.js';
import { buildApp } from '../../server/app.js';
import { logSerializers } from '../../server/auth/log-redaction.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { sqlRows } from '../../server/db/sql.js';
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { newRegistration, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020, actVersion2024 } from '../support/fixture-documents.js';
import { withPgClient } from '../support/pg-client.js';
import { createTestDatabase, ENGINES } from '../support/test-database.js';
import { GENEROUS_RATE_LIMITS, json, startTestServer, type TestServer } from '../support/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

const READ_TOOLS = [
  'read_graph',
  'search_nodes',
  'open_nodes',
  'provision_notes',
  'search_documents',
  'read_provision',
  'list_versions',
  'compare_versions',
];
const WRITE_TOOLS = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'link_provision',
];
const MANAGE_TOOLS = ['export_memory', 'clear_memory', 'list_key_events'];

async function newKey(who: TestAccount, scopes: ApiKeyScope[]) {
  const response = await who.session.post('/v1/api-keys', { scopes, description: `test ${scopes.join(' ')}` });
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response, ApiKeyWithSecret);
}

async function connect(baseUrl: string, secret: string): Promise<Client> {
  const client = new Client({ name: 'lexhub-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/** One JSON-RPC call by hand, for statuses and headers the SDK client hides. */
function rpc(baseUrl: string, body: unknown, headers: Record<string, string> = {}, path = '/mcp') {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const callBody = (name: string, args: unknown, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

interface ToolText {
  isError?: boolean;
  content: { type: string; text: string }[];
}
const textOf = (result: unknown) => (result as ToolText).content[0]!.text;
const parsedText = <T = Record<string, unknown>>(result: unknown) => JSON.parse(textOf(result)) as T;

describe.each(ENGINES)('/mcp (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  const clients: Client[] = [];
  const client = async (secret: string) => {
    const connected = await connect(server.url, secret);
    clients.push(connected);
    return connected;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server, { first_name: 'Alice', last_name: 'Agent' });
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
    await storeVersion(server.database.db, actVersion2024, 'fixture-2024');
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await server?.close();
  });

  async function events(who: TestAccount, keyId: string) {
    const response = await who.session.get(`/v1/api-keys/events?key_id=${keyId}`);
    expect(response.status).toBe(200);
    return (await json(response, ApiKeyEventList)).items;
  }

  it('initializes statelessly and lists only the tools of the key’s scopes', async () => {
    const read = await newKey(alice, ['memory.read']);
    const write = await newKey(alice, ['memory.write']);
    const manage = await newKey(alice, ['memory.manage']);
    const names = async (secret: string) => (await (await client(secret)).listTools()).tools.map((t) => t.name).sort();
    expect(await names(read.secret)).toEqual([...READ_TOOLS].sort());
    expect(await names(write.secret)).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    expect(await names(manage.secret)).toEqual([...READ_TOOLS, ...WRITE_TOOLS, ...MANAGE_TOOLS].sort());

    const connected = await client(read.secret);
    expect(connected.getServerVersion()?.name).toBe('lexhub');
    // The official memory server's argument shapes, as JSON Schema.
    const { tools } = await (await client(write.secret)).listTools();
    const create = tools.find((t) => t.name === 'create_entities')!;
    expect(create.inputSchema).toMatchObject({
      type: 'object',
      properties: { entities: { type: 'array', items: { required: ['name', 'entityType', 'observations'] } } },
    });

    // No session: the answer carries no Mcp-Session-Id.
    const initialize = await rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      bearer(read.secret),
    );
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeNull();
    expect(((await initialize.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      'lexhub',
    );
  });

  it('a write key writes and reads back; the read key gets 403 insufficient_scope and a denied event', async () => {
    const write = await newKey(alice, ['memory.write']);
    const writer = await client(write.secret);
    const created = await writer.callTool({
      name: 'create_entities',
      arguments: {
        entities: [
          { name: 'Jan Novák', entityType: 'person', observations: ['Advokát v Brně'] },
          { name: 'Zákon o zkoušce', entityType: 'statute', observations: [] },
        ],
      },
    });
    expect(created.isError).toBeFalsy();
    expect(parsedText<unknown[]>(created)).toHaveLength(2);
    const added = await writer.callTool({
      name: 'add_observations',
      arguments: { observations: [{ entityName: 'Jan Novák', contents: ['Specializace: pracovní právo'] }] },
    });
    expect(parsedText(added)).toEqual([
      { entityName: 'Jan Novák', addedObservations: ['Specializace: pracovní právo'] },
    ]);
    await writer.callTool({
      name: 'create_relations',
      arguments: { relations: [{ from: 'Jan Novák', to: 'Zákon o zkoušce', relationType: 'cites' }] },
    });
    const opened = parsedText(await writer.callTool({ name: 'open_nodes', arguments: { names: ['Jan Novák'] } }));
    expect(opened).toEqual({
      entities: [
        {
          name: 'Jan Novák',
          entityType: 'person',
          observations: ['Advokát v Brně', 'Specializace: pracovní právo'],
        },
      ],
      relations: [],
    });
    // Accents and case folded.
    const found = parsedText<{ entities: { name: string }[] }>(
      await writer.callTool({ name: 'search_nodes', arguments: { query: 'PRACOVNI pravo' } }),
    );
    expect(found.entities.map((e) => e.name)).toEqual(['Jan Novák']);

    const read = await newKey(alice, ['memory.read']);
    const reader = await client(read.secret);
    const graph = parsedText<{ entities: unknown[]; relations: unknown[] }>(
      await reader.callTool({ name: 'read_graph', arguments: {} }),
    );
    expect(graph.relations).toEqual([{ from: 'Jan Novák', to: 'Zákon o zkoušce', relationType: 'cites' }]);

    const refused = await reader
      .callTool({
        name: 'add_observations',
        arguments: { observations: [{ entityName: 'Jan Novák', contents: ['x'] }] },
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(403);
    const raw = await rpc(server.url, callBody('delete_entities', { entityNames: ['Jan Novák'] }), bearer(read.secret));
    await expectApiError(raw, 403, 'insufficient_scope');
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="memory.write"/);
    const denied = (await events(alice, read.id)).filter((e) => e.event_type === 'denied');
    expect(denied[0]?.metadata).toMatchObject({ reason: 'insufficient_scope', scope: 'memory.write' });
    // Nothing was written by the refused calls.
    const after = parsedText<{ entities: { observations: string[] }[] }>(
      await reader.callTool({ name: 'open_nodes', arguments: { names: ['Jan Novák'] } }),
    );
    expect(after.entities[0]!.observations).toHaveLength(2);
    // A manage-only tool is refused to a write key too.
    await expectApiError(
      await rpc(server.url, callBody('clear_memory', { confirm: true }), bearer(write.secret)),
      403,
      'insufficient_scope',
    );
  });

  it('records a use after the answer, once a minute', async () => {
    const key = await newKey(bob, ['memory.read']);
    const reader = await client(key.secret);
    await reader.listTools();
    await reader.listTools();
    await expect.poll(async () => (await events(bob, key.id)).filter((e) => e.event_type === 'used').length).toBe(1);
  });

  it('refuses a revoked key on its next call', async () => {
    const key = await newKey(bob, ['memory.write']);
    const connected = await client(key.secret);
    expect((await connected.listTools()).tools.length).toBeGreaterThan(0);
    expect((await bob.session.delete(`/v1/api-keys/${key.id}`)).status).toBe(200);
    const error = await connected.listTools().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as StreamableHTTPError).code).toBe(401);
    await expectApiError(
      await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(key.secret)),
      401,
      'api_key_revoked',
    );
  });

  it('answers 401 with its code and a challenge naming the metadata and memory.read', async () => {
    const metadataUrl = `${server.url}/.well-known/oauth-protected-resource/mcp`;
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const missing = await rpc(server.url, list);
    await expectApiError(missing, 401, 'api_key_missing');
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="memory.read"`,
    );

    const expired = await newKey(bob, ['memory.read']);
    await server.database.db.execute(
      sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`,
    );
    const rotated = await newKey(bob, ['memory.read']);
    expect((await bob.session.post(`/v1/api-keys/${rotated.id}/rotate`, { overlap_seconds: 0 })).status).toBe(200);
    const cases: [Record<string, string>, string][] = [
      [bearer('lxh_not-a-key'), 'api_key_invalid'],
      [bearer(`lxh_${'A'.repeat(36)}`), 'api_key_invalid'],
      [{ authorization: `Basic ${Buffer.from(`x:${rotated.secret}`).toString('base64')}` }, 'api_key_missing'],
      [bearer(expired.secret), 'api_key_expired'],
      [bearer(rotated.secret), 'api_key_rotated'],
    ];
    for (const [headers, code] of cases) {
      const response = await rpc(server.url, list, headers);
      await expectApiError(response, 401, code);
      expect(response.headers.get('www-authenticate')).toContain(
        `resource_metadata="${metadataUrl}", scope="memory.read"`,
      );
    }
    // A browser's session cookie is no key; and /v1 ignores Authorization.
    await expectApiError(
      await rpc(server.url, list, { cookie: `lexhub_session=${bob.session.cookie('lexhub_session')}` }),
      401,
      'api_key_missing',
    );
    const active = await newKey(bob, ['memory.manage']);
    await expectApiError(await server.get('/v1/api-keys', bearer(active.secret)), 401, 'not_authenticated');

    const metadata = await json(
      await server.get('/.well-known/oauth-protected-resource/mcp'),
      ProtectedResourceMetadata,
    );
    expect(metadata).toEqual({
      resource: `${server.url}/mcp`,
      resource_name: 'Lexhub',
      scopes_supported: ['memory.read', 'memory.write', 'memory.manage'],
      bearer_methods_supported: ['header'],
    });
  });

  it('refuses a key in the URL, a foreign Origin and a body over 1 MiB; 405 for GET', async () => {
    const key = await newKey(alice, ['memory.read']);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    await expectApiError(await rpc(server.url, list, {}, `/mcp?api_key=${key.secret}`), 400, 'api_key_in_query');
    await expectApiError(
      await rpc(server.url, list, bearer(key.secret), `/mcp?x=1&token=${key.secret.replace('_', '%5F')}`),
      400,
      'api_key_in_query',
    );
    await expectApiError(await server.get(`/mcp?key=${key.secret}`), 400, 'api_key_in_query');

    await expectApiError(
      await rpc(server.url, list, { ...bearer(key.secret), origin: 'http://evil.example' }),
      403,
      'forbidden',
    );
    expect((await rpc(server.url, list, { ...bearer(key.secret), origin: server.url })).status).toBe(200);

    const huge = JSON.stringify(callBody('search_nodes', { query: 'x'.repeat(1024 * 1024) }));
    await expectApiError(await rpc(server.url, huge, bearer(key.secret)), 413, 'payload_too_large');

    const get = await server.get('/mcp', bearer(key.secret));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 429 with Retry-After over 600 calls a minute', async () => {
    const key = await newKey(alice, ['memory.read']);
    // The minute's counter at the limit (and the next minute's, should the clock turn meanwhile).
    const now = Math.floor(Date.now() / 1000 / 60) * 60;
    for (const start of [now, now + 60])
      await server.database.db.execute(
        sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`mcp:${key.id}`}, to_timestamp(${start}), 600)`,
      );
    const response = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(key.secret));
    await expectApiError(response, 429, 'rate_limited');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts each message of a JSON-RPC batch against the limit', async () => {
    const key = await newKey(alice, ['memory.read']);
    const now = Math.floor(Date.now() / 1000 / 60) * 60;
    // 550 already this minute (and the next, should the clock turn): a batch of 100 passes the 600.
    for (const start of [now, now + 60])
      await server.database.db.execute(
        sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`mcp:${key.id}`}, to_timestamp(${start}), 550)`,
      );
    const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }));
    const response = await rpc(server.url, batch, bearer(key.secret));
    await expectApiError(response, 429, 'rate_limited');
  });

  it("never shows another owner's memory, even by open_nodes", async () => {
    const aliceKey = await newKey(alice, ['memory.write']);
    const bobKey = await newKey(bob, ['memory.manage']);
    await (
      await client(aliceKey.secret)
    ).callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Tajemství', entityType: 'secret', observations: ['Jen pro Alici'] }] },
    });
    const bobs = await client(bobKey.secret);
    expect(parsedText(await bobs.callTool({ name: 'open_nodes', arguments: { names: ['Tajemství'] } }))).toEqual({
      entities: [],
      relations: [],
    });
    expect(
      parsedText<{ entities: unknown[] }>(await bobs.callTool({ name: 'search_nodes', arguments: { query: 'Alici' } }))
        .entities,
    ).toEqual([]);
    const added = await bobs.callTool({
      name: 'add_observations',
      arguments: { observations: [{ entityName: 'Tajemství', contents: ['Bob was here'] }] },
    });
    expect(added.isError).toBe(true);
    expect(parsedText(added)).toMatchObject({ detail: 'not_found' });
    expect(textOf(await bobs.callTool({ name: 'export_memory', arguments: {} }))).not.toContain('Tajemství');
  });

  it('keeps owners apart on pooled servers: interleaved calls of two owners with the same scopes', async () => {
    // One server per scope set serves request after request: each call must act for its own key.
    const mine = await newKey(alice, ['memory.write']);
    const theirs = await newKey(bob, ['memory.write']);
    const create = (secret: string, name: string) =>
      rpc(
        server.url,
        callBody('create_entities', { entities: [{ name, entityType: 'pool', observations: ['pooled'] }] }),
        bearer(secret),
      );
    expect((await create(mine.secret, 'Pool Alice')).status).toBe(200);
    expect((await create(theirs.secret, 'Pool Bob')).status).toBe(200);
    const search = async (secret: string, i: number) => {
      const response = await rpc(server.url, callBody('search_nodes', { query: 'pooled' }, i), bearer(secret));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: ToolText };
      return parsedText<{ entities: { name: string }[] }>(body.result).entities.map((e) => e.name);
    };
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? search(mine.secret, i) : search(theirs.secret, i))),
    );
    answers.forEach((names, i) => expect(names).toEqual([i % 2 === 0 ? 'Pool Alice' : 'Pool Bob']));
  });

  it('answers bad and fuzzed arguments with isError and a code, never a 500', async () => {
    const key = await newKey(bob, ['memory.manage']);
    const bad: [string, unknown, string][] = [
      ['create_entities', { entities: [{ name: '', entityType: 'x', observations: [] }] }, 'validation_failed'],
      [
        'create_entities',
        { entities: [{ name: 'n'.repeat(501), entityType: 'x', observations: [] }] },
        'validation_failed',
      ],
      [
        'create_entities',
        { entities: [{ name: 'a', entityType: 'x', observations: ['o'.repeat(4001)] }] },
        'validation_failed',
      ],
      [
        'create_entities',
        { entities: Array.from({ length: 1001 }, (_, i) => ({ name: `e${i}`, entityType: 't', observations: [] })) },
        'validation_failed',
      ],
      [
        'create_entities',
        { entities: [{ name: 'nul\u0000', entityType: 'x', observations: [] }] },
        'validation_failed',
      ],
      ['add_observations', { observations: [{ entityName: 'nobody', contents: ['x'] }] }, 'not_found'],
      ['create_relations', { relations: [{ from: 'a', to: 'b' }] }, 'validation_failed'],
      ['clear_memory', { confirm: false }, 'validation_failed'],
      ['list_key_events', { key_id: 'nope' }, 'validation_failed'],
      ['read_provision', { document_id: '99/2020 Sb.', cite_key: '§ 999' }, 'not_found'],
      ['read_provision', { document_id: '00000000-0000-0000-0000-000000000000', cite_key: '§ 1' }, 'not_found'],
      ['compare_versions', { document_id: '99/2020 Sb.', from: 'main', to: 'no-such-version' }, 'not_found'],
      [
        'compare_versions',
        { document_id: '99/2020 Sb.', from: 'main', to: 'main', language: 'de' },
        'validation_failed',
      ],
      ['provision_notes', { document_id: 'no such document at all' }, 'not_found'],
    ];
    for (const [name, args, code] of bad) {
      const response = await rpc(server.url, callBody(name, args), bearer(key.secret));
      expect(response.status, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(200);
      const { result } = (await response.json()) as { result: ToolText };
      expect(result.isError, `${name}: ${result.content[0]?.text}`).toBe(true);
      expect(JSON.parse(result.content[0]!.text)).toMatchObject({ detail: code });
    }

    // Random values in every argument of every tool: a tool result or a JSON-RPC error, never 5xx.
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const strings = [
      '',
      '\u0000',
      '%',
      "'; DROP TABLE x; --",
      '\\',
      'ř'.repeat(600),
      '\ud800',
      '00000000-0000-0000-0000-000000000000',
      '§ 1',
      'čl. 54',
    ];
    const value = (depth: number): unknown => {
      const pick = Math.floor(random() * 9);
      if (depth > 2 && pick > 5) return null;
      switch (pick) {
        case 0:
          return strings[Math.floor(random() * strings.length)];
        case 1:
          return Math.floor(random() * 2 ** 40) * (random() > 0.5 ? -1 : 1);
        case 2:
          return random() > 0.5;
        case 3:
          return null;
        case 4:
          return 1.5;
        case 5:
        case 6:
          return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
        default:
          return Object.fromEntries(
            ['name', 'entityType', 'observations', 'entityName', 'contents', 'from', 'to', 'relationType', 'query']
              .filter(() => random() > 0.6)
              .map((k) => [k, value(depth + 1)]),
          );
      }
    };
    const argNames = [
      'entities',
      'relations',
      'observations',
      'deletions',
      'entityNames',
      'names',
      'query',
      'document_id',
      'cite_key',
      'language',
      'from',
      'to',
      'note',
      'entityName',
      'confirm',
      'key_id',
      'limit',
      'offset',
    ];
    const tools = [...READ_TOOLS, ...WRITE_TOOLS, ...MANAGE_TOOLS.filter((t) => t !== 'clear_memory')];
    for (let i = 0; i < 120; i++) {
      const name = tools[i % tools.length]!;
      const args = Object.fromEntries(argNames.filter(() => random() > 0.7).map((k) => [k, value(0)]));
      const response = await rpc(server.url, callBody(name, args, i), bearer(key.secret));
      expect(response.status, `${name} ${JSON.stringify(args)}`).toBeLessThan(500);
      const body = (await response.json()) as { result?: ToolText; error?: unknown };
      if (body.result?.isError) {
        const detail = (JSON.parse(body.result.content[0]!.text) as { detail: string }).detail;
        expect(detail, `${name} ${JSON.stringify(args)}`).not.toBe('internal_error');
      }
    }
    // Arguments that are no object fail the protocol's schema: -32602 Invalid params, not a 500.
    const notAnObject = await rpc(server.url, callBody('create_entities', 'not an object'), bearer(key.secret));
    expect(notAnObject.status).toBe(200);
    expect(((await notAnObject.json()) as { error: { code: number } }).error.code).toBe(-32602);
    // Not JSON-RPC at all.
    expect((await rpc(server.url, { hello: 'world' }, bearer(key.secret))).status).toBeLessThan(500);
    expect((await rpc(server.url, '[1, 2', bearer(key.secret))).status).toBe(400);
  });

  it('reads the library: search, a provision, versions and what changed between them, and links provisions', async () => {
    const key = await newKey(alice, ['memory.write']);
    const agent = await client(key.secret);
    const search = parsedText<{ documents: { external_id: string }[]; provisions: { text: string }[] }>(
      await agent.callTool({ name: 'search_documents', arguments: { query: 'zkoušky' } }),
    );
    expect(search.documents.map((d) => d.external_id)).toContain('99/2020 Sb.');

    const provision = parsedText<{ citation: string; text: string }>(
      await agent.callTool({ name: 'read_provision', arguments: { document_id: '99/2020 Sb.', cite_key: '§ 2' } }),
    );
    expect(provision.citation).toBe('§ 2, 99/2020 Sb.');
    expect(provision.text).toContain('Výsledek se zapíše elektronicky.');

    const versions = parsedText<{ document_id: string; versions: { id: string; name: string; kind: string }[] }>(
      await agent.callTool({ name: 'list_versions', arguments: { document_id: '99/2020 Sb.' } }),
    );
    expect(versions.versions.map((v) => v.kind).sort()).toEqual(['main', 'snapshot']);
    const snapshot = versions.versions.find((v) => v.kind === 'snapshot')!;
    const changes = parsedText<{
      counts: unknown;
      changed: { citation: string; old_text: string; new_text: string }[];
      added: { citation: string }[];
      removed: { citation: string }[];
    }>(
      await agent.callTool({
        name: 'compare_versions',
        arguments: { document_id: versions.document_id, from: snapshot.id, to: 'main' },
      }),
    );
    expect(changes.counts).toEqual({ changed: 1, moved: 0, added: 1, removed: 1 });
    expect(changes.changed).toEqual([
      {
        citation: '§ 2 odst. 2',
        cite_key: 'odst. 2',
        moved_from: null,
        old_text: 'Výsledek se zapíše.',
        new_text: 'Výsledek se zapíše elektronicky.',
      },
    ]);
    expect(changes.added.map((a) => a.citation)).toEqual(['§ 2a']);
    expect(changes.removed.map((r) => r.citation)).toEqual(['§ 3']);

    await agent.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Zkušební řád', entityType: 'topic', observations: [] }] },
    });
    const linked = await agent.callTool({
      name: 'link_provision',
      arguments: { entityName: 'Zkušební řád', document_id: '99/2020 Sb.', cite_key: '§ 1', note: 'Předmět úpravy' },
    });
    expect(linked.isError, textOf(linked)).toBeFalsy();
    const notes = parsedText<{ notes: { entityName: string; citation: string; note: string; nodeId: string }[] }>(
      await agent.callTool({ name: 'provision_notes', arguments: { document_id: versions.document_id } }),
    );
    expect(notes.notes).toEqual([
      expect.objectContaining({ entityName: 'Zkušební řád', citation: '§ 1, 99/2020 Sb.', note: 'Předmět úpravy' }),
    ]);
  });

  it('compare_versions tells a moved text as /v1 does: moved_from and counts.moved, never removed and added', async () => {
    // § 1's text moves into § 1 odst. 1 and a new odst. 2 follows: as Čl. 1 of the Constitution in 2026.
    const leaf = (path: string, citeKey: string, text: string, children: ParsedNode[] = []): ParsedNode => ({
      nodeType: path.includes('odst') ? 'paragraph' : 'article',
      rawType: path.includes('odst') ? 'paragraph' : 'article',
      path,
      citeKey,
      texts: text ? [{ cs: text }] : [],
      children,
    });
    const before: ParsedDocument = {
      externalId: '98/2021 Sb.',
      metadata: { title: 'Zákon o přesunutém textu', kind: 'zákon', sourceSystem: 'test' },
      versionDate: '2021-01-01',
      languages: ['cs'],
      nodes: [
        leaf('par-1', '§ 1', 'Přesunutý text zůstává stejný v novém odstavci.'),
        leaf('par-2', '§ 2', 'Beze změny.'),
      ],
    };
    const after: ParsedDocument = {
      ...before,
      versionDate: '2024-01-01',
      nodes: [
        leaf('par-1', '§ 1', '', [
          leaf('par-1/odst-1', 'odst. 1', 'Přesunutý text zůstává stejný v novém odstavci.'),
          leaf('par-1/odst-2', 'odst. 2', 'Zcela nový druhý odstavec.'),
        ]),
        leaf('par-2', '§ 2', 'Beze změny.'),
      ],
    };
    await storeVersion(server.database.db, after, 'fixture-moved-2024');
    await storeVersion(server.database.db, before, 'fixture-moved-2021');
    const key = await newKey(alice, ['memory.read']);
    const agent = await client(key.secret);
    const versions = parsedText<{ document_id: string; versions: { id: string; kind: string }[] }>(
      await agent.callTool({ name: 'list_versions', arguments: { document_id: '98/2021 Sb.' } }),
    );
    const snapshot = versions.versions.find((v) => v.kind === 'snapshot')!;
    const args = { document_id: versions.document_id, from: snapshot.id, to: 'main' };
    const changes = parsedText<{
      counts: { changed: number; moved: number; added: number; removed: number };
      changed: { citation: string; moved_from: { path: string; citation: string | null } | null }[];
      added: { citation: string }[];
      removed: { citation: string }[];
    }>(await agent.callTool({ name: 'compare_versions', arguments: args }));
    // The same answer as GET /v1/legal/compare/changes for the same pair.
    const response = await alice.session.get(
      `/v1/legal/compare/changes?branch_id_a=${snapshot.id}&branch_id_b=${versions.versions.find((v) => v.kind === 'main')!.id}`,
    );
    expect(response.status).toBe(200);
    const v1 = (await response.json()) as {
      counts: unknown;
      changed: { citation: string; moved_from: unknown }[];
    };
    expect(changes.counts).toEqual(v1.counts);
    expect(changes.changed.map((c) => [c.citation, c.moved_from])).toEqual(
      v1.changed.map((c) => [c.citation, c.moved_from]),
    );
    expect(changes.counts).toEqual({ changed: 1, moved: 1, added: 1, removed: 0 });
    expect(changes.changed).toEqual([
      expect.objectContaining({ citation: '§ 1 odst. 1', moved_from: { path: 'par-1', citation: '§ 1' } }),
    ]);
    expect(changes.added.map((a) => a.citation)).toEqual(['§ 1 odst. 2']);
    expect(changes.removed).toEqual([]);
  });

  it("reads imported text only: a user's saved translation never reaches an agent", async () => {
    // A saved translation of § 1 in Alice's layer, beside the imported text.
    const saved = await sqlRows<{ id: string }>(
      server.database.db,
      sql`
      INSERT INTO fragments
      SELECT (jsonb_populate_record(null::fragments, to_jsonb(f) || jsonb_build_object(
        'id', gen_random_uuid(), 'owner_id', ${alice.user.id}::uuid, 'text', 'SOUKROMY PREKLAD zkoušky',
        'translation_status', 'translated'))).*
      FROM fragments f JOIN branches b ON b.id = f.branch_id AND b.kind = 'main'
      WHERE f.text = 'Tento zákon upravuje zkoušky.' AND f.owner_id IS NULL RETURNING id`,
    );
    expect(saved).toHaveLength(1);
    const key = await newKey(alice, ['memory.read']);
    const agent = await client(key.secret);
    const provision = parsedText<{ text: string }>(
      await agent.callTool({ name: 'read_provision', arguments: { document_id: '99/2020 Sb.', cite_key: '§ 1' } }),
    );
    expect(provision.text).toBe('Tento zákon upravuje zkoušky.');
    const search = textOf(await agent.callTool({ name: 'search_documents', arguments: { query: 'soukromy preklad' } }));
    expect(search).not.toContain('SOUKROMY');
  });

  it('manages: exports the official JSONL, lists key events, clears only with confirm: true', async () => {
    const key = await newKey(bob, ['memory.manage']);
    const manager = await client(key.secret);
    await manager.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Export', entityType: 'test', observations: ['one'] }] },
    });
    const lines = textOf(await manager.callTool({ name: 'export_memory', arguments: {} })).split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toContainEqual({
      type: 'entity',
      name: 'Export',
      entityType: 'test',
      observations: ['one'],
    });
    const listed = parsedText<{ events: { event_type: string }[] }>(
      await manager.callTool({ name: 'list_key_events', arguments: { key_id: key.id } }),
    );
    expect(listed.events.map((e) => e.event_type)).toContain('created');
    expect((await manager.callTool({ name: 'clear_memory', arguments: {} })).isError).toBe(true);
    expect((await manager.callTool({ name: 'clear_memory', arguments: { confirm: true } })).isError).toBeFalsy();
    expect(parsedText(await manager.callTool({ name: 'read_graph', arguments: {} }))).toEqual({
      entities: [],
      relations: [],
    });
  });

  it('is listed by the MCP Inspector CLI, a client no project code wrote', async () => {
    const key = await newKey(alice, ['memory.read']);
    const { stdout } = await promisify(execFile)(
      'npx',
      [
        '--no-install',
        '@modelcontextprotocol/inspector-cli',
        '--cli',
        `${server.url}/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/list',
        '--header',
        `Authorization: Bearer ${key.secret}`,
      ],
      {
        timeout: 60_000,
        env: { ...process.env, npm_config_offline: 'true' },
        // inspector-cli 1.0.3 looks for its package.json at ../package.json relative to the working
        // directory (and imports it relative to itself): run it from its build folder.
        cwd: path.join(repoRoot, 'node_modules/@modelcontextprotocol/inspector-cli/build'),
      },
    );
    const listed = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
  }, 90_000);
});

describe('/mcp request logs', () => {
  it('never contain a key sent in the URL', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      database,
      logger: pino({ level: 'debug', serializers: logSerializers }, sink),
      accounts: { mailer: new MemoryMailer() },
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const secret = `lxh_${randomBytes(18).toString('hex')}`;
      const response = await fetch(`${url}/mcp?api_key=${secret}&other=lxh%5F${secret.slice(4)}`, { method: 'POST' });
      expect(response.status).toBe(400);
      // The request's line keeps the query's keys only (issue 15).
      expect(lines.join('')).toContain('POST /mcp?api_key&other 400');
      expect(lines.join('')).not.toContain(secret.slice(4));
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('/mcp on two instances of one PostgreSQL', () => {
  const name = `lexhub_test_mcp_${randomBytes(6).toString('hex')}`;
  const instances: { url: string; close: () => Promise<void>; database: Database }[] = [];

  beforeAll(async () => {
    await withPgClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 10 });
      const app = await buildApp({
        database,
        accounts: { mailer: new MemoryMailer(), rateLimits: GENEROUS_RATE_LIMITS },
      });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ url: address, database, close: () => app.close() });
    }
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) {
      await instance.close();
      await instance.database.close();
    }
    await withPgClient(adminUrl!, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('keeps every observation and each entity once with 16 clients writing at once', async () => {
    const [first, second] = instances;
    // A user and a write key, through instance 1's API (verified in the database).
    const session = new HttpSession(first!.url);
    const body = newRegistration();
    expect((await session.post('/v1/auth/register', body)).status).toBe(200);
    await first!.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${body.email}`);
    expect((await session.post('/v1/auth/login', { identifier: body.email, password: body.password })).status).toBe(
      200,
    );
    const created = await session.post('/v1/api-keys', { scopes: ['memory.write'] });
    expect(created.status).toBe(201);
    const { secret } = await json(created, ApiKeyWithSecret);

    const writers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => connect((i % 2 === 0 ? first : second)!.url, secret)),
    );
    await writers[0]!.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Sdílená', entityType: 'shared', observations: [] }] },
    });
    const results = await Promise.all(
      writers.map(async (writer, i) => {
        const [observed, entities] = await Promise.all([
          writer.callTool({
            name: 'add_observations',
            arguments: {
              observations: [
                { entityName: 'Sdílená', contents: Array.from({ length: 5 }, (_, j) => `writer ${i} note ${j}`) },
              ],
            },
          }),
          writer.callTool({
            name: 'create_entities',
            arguments: {
              entities: ['Alfa', 'Beta', 'Gama'].map((n) => ({
                name: n,
                entityType: 'same',
                observations: [`from ${i}`],
              })),
            },
          }),
        ]);
        return [observed, entities];
      }),
    );
    for (const result of results.flat()) expect(result.isError, textOf(result)).toBeFalsy();

    const graph = parsedText<{ entities: { name: string; observations: string[] }[] }>(
      await writers[1]!.callTool({ name: 'read_graph', arguments: {} }),
    );
    const shared = graph.entities.find((e) => e.name === 'Sdílená')!;
    expect(shared.observations).toHaveLength(80);
    expect(new Set(shared.observations).size).toBe(80);
    expect(graph.entities.map((e) => e.name).sort()).toEqual(['Alfa', 'Beta', 'Gama', 'Sdílená']);
    // Exactly one writer created each of the three (its observation with it).
    const created3 = results.map(([, entities]) => parsedText<unknown[]>(entities!).length);
    expect(created3.reduce((a, b) => a + b, 0)).toBe(3);
    await Promise.allSettled(writers.map((w) => w.close()));
  }, 60_000);
});
