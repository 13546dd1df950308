// The two speed paths of /mcp read calls (issue 12), on PGlite and PostgreSQL over real HTTP:
// a single JSON-RPC request answered through the SDK's Server by the in-process AnswerTransport
// must answer byte for byte what the SDK's own Streamable HTTP transport answers (a batch of one
// still takes that transport, and it answers a batch of one as a single message); and
// read_provision's one statement must find what findDocument + findNode + readProvisionText find.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyWithSecret } from '../../src/api/contract/api-keys.js';
import { findDocument, findNode, readProvisionText } from '../../server/copilot/library-search.js';
import { sqlRows } from '../../server/db/sql.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { plainRequestOf } from '../../server/mcp/answer-transport.js';
import { readProvisionAt } from '../../server/mcp/tools/provision-read.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { actVersion2020, actVersion2024, bilingualAct } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
const call = (name: string, args: unknown, id: number | string = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('plainRequestOf: which POSTs skip the SDK’s HTTP transport', () => {
  const body = call('read_graph', {});
  it('takes a single request with the headers the SDK wants', () => {
    expect(plainRequestOf(HEADERS, body)).toEqual(body);
    expect(plainRequestOf({ ...HEADERS, 'content-type': 'application/json; charset=utf-8' }, body)).toEqual(body);
    const { 'mcp-protocol-version': _version, ...unversioned } = HEADERS;
    expect(plainRequestOf(unversioned, body)).toEqual(body);
  });
  it('leaves everything else to the SDK (which answers 202, 406, 415, 400 or initializes)', () => {
    expect(plainRequestOf(HEADERS, [body])).toBeUndefined();
    expect(plainRequestOf(HEADERS, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    expect(plainRequestOf(HEADERS, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} })).toBeUndefined();
    expect(plainRequestOf(HEADERS, { jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(plainRequestOf(HEADERS, { jsonrpc: '1.0', id: 1, method: 'tools/list' })).toBeUndefined();
    expect(plainRequestOf(HEADERS, { ...body, extra: 1 })).toBeUndefined();
    expect(plainRequestOf(HEADERS, 'text')).toBeUndefined();
    expect(plainRequestOf({ ...HEADERS, accept: 'application/json' }, body)).toBeUndefined();
    expect(plainRequestOf({ ...HEADERS, 'content-type': 'text/plain; a=application/json' }, body)).toBeUndefined();
    expect(plainRequestOf({ ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, body)).toBeUndefined();
  });
});

describe.each(ENGINES)('/mcp answer paths (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let secret: string;
  let documentId: string;
  let nodeId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server, { first_name: 'Alice', last_name: 'Paths' });
    const { db } = server.database;
    await storeVersion(db, actVersion2024, 'fixture-2024');
    await storeVersion(db, actVersion2020, 'fixture-2020');
    await storeVersion(db, bilingualAct, 'fixture-bilingual');
    const response = await alice.session.post('/v1/api-keys', { scopes: ['memory.write'], description: 'paths' });
    expect(response.status).toBe(201);
    secret = (await json(response, ApiKeyWithSecret)).secret;
    [{ id: documentId }] = (await sqlRows<{ id: string }>(
      db,
      sql`SELECT id FROM documents WHERE external_id = '99/2020 Sb.'`,
    )) as [{ id: string }];
    [{ id: nodeId }] = (await sqlRows<{ id: string }>(
      db,
      sql`SELECT n.id FROM nodes n JOIN branches b ON b.id = n.branch_id AND b.kind = 'main'
          WHERE b.document_id = ${documentId} AND n.cite_key = 'odst. 2'`,
    )) as [{ id: string }];
    // A small graph for read_graph and search_nodes.
    const created = await post(
      call('create_entities', {
        entities: [
          { name: 'Spis A', entityType: 'spis', observations: ['Klient: Jana Nováková', 'Lhůta 30 dní'] },
          { name: 'Spis B', entityType: 'spis', observations: ['Odkaz na § 2'] },
        ],
      }),
    );
    expect(created.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `Bearer ${secret}` },
      body: JSON.stringify(body),
    });

  /** The answer of the in-process path beside the SDK transport's (a batch of one). */
  async function bothPaths(body: unknown) {
    const [single, batch] = [await post(body), await post([body])];
    const answer = async (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      session: response.headers.get('mcp-session-id'),
      body: await response.text(),
    });
    return { fast: await answer(single), sdk: await answer(batch) };
  }

  it('answers a single request in process exactly as the SDK’s transport answers it', async () => {
    const bodies = [
      { jsonrpc: '2.0', id: 'list', method: 'tools/list' },
      call('read_graph', {}),
      call('search_nodes', { query: 'novakova' }),
      call('open_nodes', { names: ['Spis B', 'Spis A'] }, 0),
      call('read_provision', { document_id: '99/2020 Sb.', cite_key: '§ 2' }),
      call('read_provision', { document_id: '99/2020', cite_key: '§ 999' }),
      call('read_provision', { document_id: '32099R0001', cite_key: 'Article 1', language: 'cs' }),
      call('read_graph', 'not an object'),
      call('no_such_tool', {}),
      { jsonrpc: '2.0', id: 9, method: 'no/such/method' },
    ];
    for (const body of bodies) {
      const { fast, sdk } = await bothPaths(body);
      expect(fast, JSON.stringify(body)).toEqual(sdk);
      expect(fast.status).toBe(200);
      expect(fast.type).toBe('application/json');
    }
    // And the answers are the tools' own, not empty ones.
    const graph = await bothPaths(call('read_graph', {}));
    expect(graph.fast.body).toContain('Jana Nováková');
  });

  it('reads a provision in one statement as the three-query path does', async () => {
    const { db } = server.database;
    const cases: [string, string, string | undefined][] = [
      ['99/2020 Sb.', '§ 2', undefined],
      ['99/2020', '§ 1', 'cs'],
      [' 99/2020 Sb. ', '§2', undefined],
      [documentId.toUpperCase(), '§ 3', undefined],
      ['99/2020 Sb.', '§ 2a', undefined],
      ['99/2020 Sb.', '§ 999', undefined],
      ['99/2020 Sb.', '§ 1', 'de'],
      ['32099R0001', 'Article 1', undefined],
      ['32099R0001', 'art. 2', 'cs'],
      ['32099R0001', 'Article 1', 'fr'],
      ['32099 R 0001', 'Article 1', 'en'],
    ];
    for (const [reference, citeKey, language] of cases) {
      const label = `${reference} ${citeKey} ${language}`;
      const document = await findDocument(db, reference);
      const node = document && (await findNode(db, document, citeKey));
      const provision =
        node && (await readProvisionText(db, document, node, language ?? document.languages[0] ?? 'cs'));
      const read = await readProvisionAt(db, reference, citeKey, language);
      expect(read, label).toBeDefined();
      expect(read!.document, label).toEqual(document);
      expect(read!.nodeId, label).toBe(node);
      expect(read!.provision, label).toEqual(provision);
    }
    // The main version's § 2 (2024 wording) with everything under it.
    const found = await readProvisionAt(db, '99/2020 Sb.', '§ 2', undefined);
    expect(found?.provision?.lines.map((line) => line.text)).toContain('Výsledek se zapíše elektronicky.');
    // Title words, a node id and an unknown number are the general path's.
    expect(await readProvisionAt(db, 'zkušebních předpisech', '§ 1', undefined)).toBeUndefined();
    expect(await readProvisionAt(db, '99/2020 Sb.', nodeId, undefined)).toBeUndefined();
    expect(await readProvisionAt(db, '98/2020 Sb.', '§ 1', undefined)).toBeUndefined();
  });

  it('answers read_provision by title words and node ids through the general path', async () => {
    const byTitle = await post(call('read_provision', { document_id: 'zkušebních předpisech', cite_key: '§ 1' }));
    expect(await byTitle.text()).toContain('Tento zákon upravuje zkoušky.');
    const byNode = await post(call('read_provision', { document_id: '99/2020 Sb.', cite_key: nodeId }));
    const text = await byNode.text();
    expect(text).toContain('Výsledek se zapíše elektronicky.');
    expect(text).toContain('do spisu.');
    const unknown = await post(call('read_provision', { document_id: '98/2020 Sb.', cite_key: '§ 1' }));
    expect(await unknown.text()).toContain('not_found');
  });
});
