// Text PostgreSQL cannot store (NUL, lone UTF-16 surrogates) in any input of any route answers 400
// validation_failed naming the field, never 500: the query (?branch=%00 on a document and its
// languages, nodes and fragments), the path, a JSON body (values and keys, nested), a page address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { badTextProblem, findBadText, MAX_INPUT_DEPTH } from '../../server/http/reject-nul.js';
import { expectApiError } from '../support/api-errors.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2020.externalId);

describe('findBadText', () => {
  it('finds NUL and unpaired surrogates, with the field, and passes paired ones', () => {
    expect(badTextProblem('Zákon 😀 č. 99/2020 Sb.')).toBeUndefined();
    expect(badTextProblem('a\u0000b')).toMatch(/NUL/);
    expect(badTextProblem('\uD800')).toMatch(/surrogate/);
    expect(badTextProblem('x\uDC00')).toMatch(/surrogate/);
    expect(badTextProblem('\uDBFF\uDFFF')).toBeUndefined();
    expect(findBadText({ items: [{ title: 'ok' }, { title: 'b\u0000' }] }, 'body')).toEqual({
      field: 'items.1.title',
      problem: 'must not contain NUL characters',
    });
    expect(findBadText('\u0000', 'body')?.field).toBe('body');
    expect(findBadText({ 'k\u0000': 1 }, 'body')?.problem).toMatch(/^keys /);
    expect(findBadText(Buffer.from([0, 0]), 'body')).toBeUndefined();
  });

  it('stays linear on a deep body and refuses nesting beyond MAX_INPUT_DEPTH', () => {
    // 500,000 levels fit the 1 MB body limit; copying the path per level once cost minutes.
    const deep = JSON.parse('['.repeat(500_000) + ']'.repeat(500_000)) as unknown;
    const started = performance.now();
    expect(findBadText(deep, 'body')).toEqual({
      field: Array.from({ length: MAX_INPUT_DEPTH }, () => '0').join('.'),
      problem: 'is nested too deeply',
    });
    expect(performance.now() - started).toBeLessThan(100);
    // As deep as allowed: still read to the end.
    let nested: unknown = 'b\u0000';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) nested = [nested];
    expect(findBadText(nested, 'body')?.problem).toBe('must not contain NUL characters');
  });
});

describe.each(ENGINES)('NUL and lone surrogates in requests on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
  });
  afterAll(() => server?.close());

  it.each(['', '/languages', '/nodes', '/fragments'])(
    'answers a NUL in ?branch= on /legal/documents/{id}%s with 400 naming branch',
    async (suffix) => {
      // The document is real: without the check the NUL reaches PostgreSQL.
      expect((await server.get(`/v1/legal/documents/${actId}${suffix}`)).status).toBe(200);
      const body = await expectApiError(
        await server.get(`/v1/legal/documents/${actId}${suffix}?branch=%00`),
        400,
        'validation_failed',
      );
      expect(body.field).toBe('branch');
      await expectApiError(
        await server.get(`/v1/legal/documents/${actId}${suffix}?branch=main%00x`),
        400,
        'validation_failed',
      );
    },
  );

  it('answers NUL in the path, other queries and page addresses with 400', async () => {
    for (const path of [
      '/v1/legal/documents/%00',
      `/v1/legal/documents/${actId}/nodes?parent_id=%00`,
      '/v1/legal/documents?q=%00',
      '/v1/search?q=ustava%00',
      '/v1/no-such-route/%00',
      '/eli/cz/sb/2020/99/%00',
      '/documents/%00',
    ]) {
      await expectApiError(await server.get(path, { accept: 'text/html' }), 400, 'validation_failed');
    }
  });

  it('answers NUL or a lone surrogate in a JSON body, its keys or nested values, with 400 naming the field', async () => {
    const session = new HttpSession(server.url);
    const login = (body: unknown) => session.post('/v1/auth/login', body);
    expect(
      (
        await expectApiError(
          await login({ identifier: 'jana\u0000@example.com', password: 'x' }),
          400,
          'validation_failed',
        )
      ).field,
    ).toBe('identifier');
    expect(
      (
        await expectApiError(
          await login({ identifier: 'jana@example.com', password: '\uD800pw' }),
          400,
          'validation_failed',
        )
      ).field,
    ).toBe('password');
    // JSON escapes as a client may write them, a key and a nested value.
    await expectApiError(await login('{"identifier":"a\\udc00","password":"x"}'), 400, 'validation_failed');
    await expectApiError(await login('{"identifier":"a","password":"x","e\\u0000":1}'), 400, 'validation_failed');
    expect(
      (
        await expectApiError(
          await session.post('/v1/realtime/publish', { cmd: 'tool.navigate', payload: { path: ['/', '\u0000'] } }),
          400,
          'validation_failed',
        )
      ).field,
    ).toBe('payload.path.1');
    // Well-formed text still reaches the route (a wrong password, not a validation failure).
    await expectApiError(
      await login({ identifier: 'nobody😀@example.com', password: 'Wrong-Password-1x' }),
      401,
      'invalid_credentials',
    );
  });
});
