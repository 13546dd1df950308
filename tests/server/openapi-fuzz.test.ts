// Every operation in /v1/openapi.json, sent a fixed set of hostile inputs (issue 15, section 5):
// each path parameter, query parameter and top-level body field in turn replaced by NUL, lone
// surrogates, invalid UTF-8, 10^309, -1, huge numbers and strings, arrays and objects for
// strings, deep nesting; and whole bodies that are not objects. No answer may be a 500. The
// walker is deterministic (no random seed to reproduce): a failure names the request.
// FUZZ_ONLY=<regex of paths> narrows it; FUZZ_TRACE=1 prints each operation's count and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeVersion } from '../../server/importers/store-version.js';
import { registerAndLogin, login, type TestAccount } from '../support/accounts.js';
import { actVersion2020, actVersion2024 } from '../support/fixture-documents.js';
import type { HttpSession } from '../support/http-session.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body?: Schema;
}

/** Hostile values as they go into a URL (already percent-encoded). */
const URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone surrogate, as UTF-8 would spell it (invalid UTF-8)
  '%FF',
  '-1',
  '1e309',
  '99999999999999999999999999999',
  '1.5',
  '%27%20OR%201%3D1--',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(3000),
];
/** Hostile values inside a JSON body, as raw JSON text (so 1e309 and deep nesting can be sent). */
const JSON_VALUES = [
  'null',
  '-1',
  '1e309',
  '9007199254740993',
  '1.5',
  '""',
  '"a\\u0000b"',
  '"\\ud800"',
  JSON.stringify('x'.repeat(100_000)),
  '[]',
  '["a"]',
  '{}',
  '"2024-13-45"',
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
];
/** Whole bodies that are not what any operation takes. */
const RAW_BODIES = [
  '{not json',
  'null',
  '[]',
  '"text"',
  '1e309',
  '{"a":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

/** Operations that end the session: run last, and the fuzzer logs in again after them. */
const LAST = new Set(['logout', 'endAllSessions', 'deleteAccount']);

describe('OpenAPI fuzz on pglite', () => {
  let server: TestServer;
  let account: TestAccount;
  const known: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer('pglite');
    account = await registerAndLogin(server);
    const db = server.database.db;
    const older = await storeVersion(db, actVersion2020, 'fixture-2020');
    const newer = await storeVersion(db, actVersion2024, 'fixture-2024');
    const { rows } = await server.database.raw(
      `SELECT id, group_id FROM fragments WHERE branch_id = '${newer.branchId}' AND has_text LIMIT 1`,
    );
    const org = await account.session.post('/v1/orgs', { name: 'Fuzz Org', slug: 'fuzz-org' });
    const orgBody = (await org.json()) as { id: string; slug: string };
    const collection = await account.session.post('/v1/legal/collections', { name: 'Fuzz', owner_type: 'user' });
    const collectionBody = (await collection.json()) as { id: string };
    Object.assign(known, {
      document_id: newer.documentId,
      documentId: newer.documentId,
      docId: newer.documentId,
      branch_id_a: older.branchId,
      branch_id_b: newer.branchId,
      branch: 'main',
      fragment_id: String(rows[0]!.id),
      group_id: String(rows[0]!.group_id),
      organization_id: orgBody.id,
      slug: orgBody.slug,
      username: account.user.username,
      handle: account.user.username,
      collection_id: collectionBody.id,
      owner_type: 'user',
      ownerType: 'user',
      email: 'fuzz@example.com',
      lang: 'cs',
    });
  }, 180_000);
  afterAll(() => server?.close());

  /** The id a path's `{id}` stands for, by the resource the path names. */
  const idFor = (path: string, user: string): string => {
    if (path.startsWith('/v1/legal/documents/')) return known.document_id!;
    if (path.startsWith('/v1/legal/fragments/')) return known.fragment_id!;
    if (path.startsWith('/v1/legal/collections/')) return known.collection_id!;
    if (path.startsWith('/v1/users/')) return user;
    if (path.startsWith('/v1/user/')) return known.document_id!;
    return '00000000-0000-4000-8000-000000000000';
  };

  it('answers no operation with a 500', async () => {
    const started = performance.now();
    const response = await server.get('/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = operationsOf(document).sort(
      (a, b) => Number(LAST.has(a.operationId)) - Number(LAST.has(b.operationId)) || order(a) - order(b),
    );

    let session: HttpSession = account.session;
    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (method: string, url: string, body?: string) => {
      const answer = await session.request(method, url, body);
      await answer.arrayBuffer();
      sent++;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) {
        failures.push(`${answer.status} ${method} ${url.slice(0, 200)} ${body?.slice(0, 120) ?? ''}`);
        if (process.env.FUZZ_TRACE) process.stderr.write(`${failures.at(-1)}\n`);
      }
    };

    for (const operation of operations) {
      if (process.env.FUZZ_ONLY && !new RegExp(process.env.FUZZ_ONLY).test(operation.path)) continue;
      const pathParams = operation.parameters.filter((p) => p.in === 'path');
      const queryParams = operation.parameters.filter((p) => p.in === 'query');
      const base: Record<string, string> = {};
      for (const param of pathParams)
        base[param.name] = encodeURIComponent(
          param.name === 'id' ? idFor(operation.path, account.user.id) : (known[param.name] ?? 'fuzz'),
        );
      const baseQuery: Record<string, string> = {};
      for (const param of queryParams) {
        const value =
          known[param.name] ?? (param.required ? String(exampleOf(param.schema ?? {}, param.name, known)) : undefined);
        if (value !== undefined) baseQuery[param.name] = encodeURIComponent(value);
      }
      const urlOf = (pathValues: Record<string, string>, query: Record<string, string>, extra = '') => {
        const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]!);
        const search = Object.entries(query).map(([name, value]) => `${name}=${value}`);
        if (extra) search.push(extra);
        return search.length ? `${path}?${search.join('&')}` : path;
      };
      const baseBody = operation.body ? JSON.stringify(exampleOf(operation.body, '', known)) : undefined;
      const requests: [string, string | undefined][] = [[urlOf(base, baseQuery), baseBody]];

      for (const param of pathParams)
        for (const value of URL_VALUES) requests.push([urlOf({ ...base, [param.name]: value }, baseQuery), baseBody]);
      for (const param of queryParams) {
        for (const value of URL_VALUES) requests.push([urlOf(base, { ...baseQuery, [param.name]: value }), baseBody]);
        // The same parameter twice (an array), and with brackets (qs-style objects).
        requests.push([urlOf(base, baseQuery, `${param.name}=1&${param.name}=2`), baseBody]);
        requests.push([urlOf(base, baseQuery, `${param.name}[a]=1`), baseBody]);
      }
      if (operation.body) {
        const url = urlOf(base, baseQuery);
        const example = exampleOf(operation.body, '', known) as Record<string, unknown>;
        const fields = example && typeof example === 'object' && !Array.isArray(example) ? Object.keys(example) : [];
        for (const field of fields) {
          const others = Object.entries(example)
            .filter(([name]) => name !== field)
            .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
          for (const value of JSON_VALUES)
            requests.push([url, `{${[...others, `${JSON.stringify(field)}:${value}`].join(',')}}`]);
        }
        for (const raw of RAW_BODIES) requests.push([url, raw]);
      }

      const opStart = performance.now();
      for (const [url, body] of requests) await send(operation.method, url, body);
      if (process.env.FUZZ_TRACE)
        process.stderr.write(
          `${operation.method} ${operation.path} ${requests.length} ${(performance.now() - opStart).toFixed(0)} ms\n`,
        );
      if (LAST.has(operation.operationId) || operation.method === 'DELETE') {
        const me = await session.get('/v1/auth/me');
        await me.arrayBuffer();
        if (me.status === 401) session = (await login(server, account.user.email, account.user.password)).session;
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.warn(
      `openapi fuzz: ${sent} requests over ${operations.length} operations in ${seconds} s (${counts.join(', ')})`,
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    // About 4,000 requests: some 40 s on an idle machine; the margin is for a loaded one.
  }, 400_000);
});

/** DELETEs after everything else, so the resources they remove are there for the others. */
const order = (operation: Operation) => (operation.method === 'DELETE' ? 1 : 0);

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const operation = raw as {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: Schema }> };
      };
      return {
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
}

/** A plausible value for a schema, so that one hostile field at a time meets otherwise valid input. */
function exampleOf(schema: Schema, name: string, known: Record<string, string> = {}): unknown {
  const byName: Record<string, unknown> = {
    ...known,
    slug: 'fuzz-slug',
    country: 'CZ',
    email: 'fuzz@example.com',
    password: 'Quiet-Lantern-Fuzz-River',
    new_password: 'Quiet-Lantern-Fuzz-River',
    identifier: 'fuzz@example.com',
    phone: '+420 777000111',
    language: 'en',
    lang: 'cs',
  };
  if (name in byName) return byName[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return exampleOf(options.find((option) => option.type !== 'null') ?? options[0]!, name, known);
  if (schema.allOf?.length) return exampleOf(schema.allOf[0]!, name, known);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = exampleOf(property, key, known);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        exampleOf(schema.items ?? {}, name, known),
      );
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
    default:
      return 'fuzz';
  }
}
