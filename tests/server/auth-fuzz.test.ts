// Malformed input to every auth endpoint gets a 4xx with a detail code, never a 500; every error
// answer is the contract's ErrorBody, so its detail is one of the closed ERROR_CODES.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { HttpSession } from '../support/http-session.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const huge = 'x'.repeat(100_000);
const valid = {
  register: {
    email: 'fuzz@example.com',
    password: 'Velvet-Orchard-Thunder-42',
    first_name: 'F',
    last_name: 'Z',
    phone: '777000111',
  },
  login: { identifier: 'fuzz@example.com', password: 'Velvet-Orchard-Thunder-42' },
  forgot: { email: 'fuzz@example.com' },
  reset: { token: 'abc', new_password: 'Velvet-Orchard-Thunder-42' },
};

/** An error answer that is not a contract ErrorBody (an unknown detail code included), or null. */
function notAnErrorBody(status: number, text: string): string | null {
  if (status < 400) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 80)}`;
  }
  return ErrorBody.safeParse(json).success ? null : `not an ErrorBody: ${text.slice(0, 120)}`;
}

interface Case {
  input: unknown;
  /** 'invalid': must be a 4xx; 'odd': valid or not, never a 5xx. */
  kind: 'invalid' | 'odd';
}

/** Variants of a valid body: each field wrong in several ways, and whole-body junk. Fields in
 * `optional` may be left out or empty (the register form's names). */
function variants(
  body: Record<string, unknown>,
  fresh: () => Record<string, unknown>,
  optional: string[] = [],
): Case[] {
  const cases: Case[] = ['{not json', '', 'null', '[]', '"text"', '42', 'true', JSON.stringify([body]), {}].map(
    (input) => ({ input, kind: 'invalid' as const }),
  );
  for (const key of Object.keys(body)) {
    const { [key]: _dropped, ...without } = { ...body, ...fresh() };
    const mayBeEmpty = optional.includes(key);
    cases.push({ input: without, kind: mayBeEmpty ? 'odd' : 'invalid' });
    for (const bad of [null, 42, true, [], ['a'], {}, { $ne: null }, '', huge])
      cases.push({ input: { ...body, ...fresh(), [key]: bad }, kind: mayBeEmpty && bad === '' ? 'odd' : 'invalid' });
    for (const odd of [
      ' ',
      '\u0000',
      'a\u0000b',
      '😀'.repeat(300),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '\u202e\u200b',
    ]) {
      cases.push({ input: { ...body, ...fresh(), [key]: odd }, kind: 'odd' });
    }
  }
  for (const extra of [
    { extra: huge },
    { __proto__: { admin: true } },
    { constructor: { prototype: { admin: true } } },
    { phone_country: 'XX' },
    { language: 'de' },
  ]) {
    cases.push({ input: { ...body, ...fresh(), ...extra }, kind: 'odd' });
  }
  return cases;
}

describe('auth endpoints under malformed input (pglite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  let n = 0;
  // Unique email and phone per registration, so one accepted body does not turn the rest into 409s.
  const freshRegistration = () => {
    n += 1;
    return { email: `fuzz-${n}@example.com`, phone: `776${String(n).padStart(6, '0')}` };
  };
  const none = () => ({});

  it.each([
    ['/v1/auth/register', valid.register, freshRegistration, ['first_name', 'last_name']],
    ['/v1/auth/login', valid.login, none, []],
    ['/v1/auth/forgot-password', valid.forgot, none, []],
    ['/v1/auth/resend-verification', valid.forgot, none, []],
    ['/v1/auth/reset-password', valid.reset, none, []],
    ['/v1/auth/logout', {}, none, []],
  ])('%s answers 4xx to malformed bodies and never 5xx', async (path, body, fresh, optional) => {
    const session = new HttpSession(server.url);
    const failures: string[] = [];
    for (const { input, kind } of variants(body, fresh, optional)) {
      const response = await session.post(path, input);
      const text = await response.text();
      const isClientError = response.status >= 400 && response.status < 500;
      const shape = notAnErrorBody(response.status, text);
      if (shape) failures.push(`${response.status} for ${JSON.stringify(input).slice(0, 80)}: ${shape}`);
      // logout takes no body: ignoring one is fine.
      const ok = kind === 'invalid' && !path.endsWith('logout') ? isClientError : response.status < 500;
      if (!ok) failures.push(`${response.status} for ${JSON.stringify(input).slice(0, 80)}: ${text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'refuses a %s body with 4xx',
    async (contentType) => {
      const response = await new HttpSession(server.url).post('/v1/auth/login', 'identifier=a&password=b', {
        'content-type': contentType,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(notAnErrorBody(response.status, await response.text())).toBeNull();
    },
  );

  it('refuses a body over the size limit with 413', async () => {
    const response = await new HttpSession(server.url).post('/v1/auth/register', {
      ...valid.register,
      first_name: 'x'.repeat(2_000_000),
    });
    expect(response.status).toBe(413);
    expect(notAnErrorBody(response.status, await response.text())).toBeNull();
  });

  it.each([
    '',
    '?token=',
    `?token=${huge.slice(0, 5000)}`,
    '?token=a&token=b',
    '?token[]=a',
    '?token=%00',
    '?token=%E0%A4%A',
  ])('GET /v1/auth/verify%s answers 4xx', async (query) => {
    const response = await fetch(`${server.url}/v1/auth/verify${query}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(notAnErrorBody(response.status, await response.text())).toBeNull();
  });

  it('ignores a junk session cookie', async () => {
    const session = new HttpSession(server.url);
    for (const junk of ['x', huge.slice(0, 3000), '%00', 'a;b', '"quoted"']) {
      session.setCookie('lexhub_session', junk);
      const response = await session.get('/v1/auth/me');
      expect(response.status).toBe(401);
      expect(notAnErrorBody(response.status, await response.text())).toBeNull();
    }
  });

  it('answers unknown routes, wrong methods, bad URLs and a missing CSRF token with an ErrorBody', async () => {
    for (const [method, path, headers] of [
      ['GET', '/v1/no-such-route', {}],
      ['DELETE', '/v1/auth/login', {}],
      ['GET', '/v1/legal/documents/%E0%A4%A', {}],
      ['POST', '/v1/auth/logout', { 'content-type': 'application/json' }],
      ['POST', '/v1/auth/login', { 'content-type': 'application/json' }],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(notAnErrorBody(response.status, await response.text()), `${method} ${path}`).toBeNull();
    }
  });
});
