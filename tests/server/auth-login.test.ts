// Login security over HTTP: no account enumeration (same code, similar time), verification
// checked only after the password, the source's lockout after repeated failures (the rest of
// issue 15 in auth-lockout.test.ts), rate limits with Retry-After.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { accountKeyOf } from '../../server/auth/login-throttle.js';
import { newRegistration, register, registerAndLogin } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { GENEROUS_RATE_LIMITS, startTestServer, type TestServer } from '../support/test-server.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(ENGINES)('login (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { accounts: { maxFailedLogins: 5, lockSeconds: 900 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const attempt = (identifier: string, password: string) =>
    new HttpSession(server.url).post('/v1/auth/login', { identifier, password });

  it('answers an unknown email and a wrong password alike, in about the same time', async () => {
    const { user } = await registerAndLogin(server);
    const unknown = await attempt('nobody-here@example.com', 'Some-Password-123');
    const wrong = await attempt(user.email, 'Some-Password-123');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());

    // Both run one argon2 verification: an unknown email is not answered early.
    const time = async (identifier: string) => {
      const started = performance.now();
      await attempt(identifier, 'Another-Password-456');
      return performance.now() - started;
    };
    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      unknownTimes.push(await time(`nobody-${i}@example.com`));
      wrongTimes.push(await time(user.email));
    }
    expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.5);
  });

  it('says email_not_verified only to someone with the right password', async () => {
    const body = newRegistration();
    await register(server, body);
    const wrong = await attempt(body.email, 'Not-The-Password-99');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ detail: 'invalid_credentials' });
    const right = await attempt(body.email, body.password);
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({ detail: 'email_not_verified' });
    expect(right.headers.getSetCookie().some((line) => line.startsWith('lexhub_session='))).toBe(false);
  });

  it('takes the identifier case-insensitively', async () => {
    const { user } = await registerAndLogin(server);
    expect((await attempt(` ${user.email.toUpperCase()} `, user.password)).status).toBe(200);
  });

  // Every attempt here comes from 127.0.0.1 in a new browser: the address is the source locked.
  it('locks the source after 5 failures, even for the right password, until the lock ends', async () => {
    const { user } = await registerAndLogin(server);
    for (let i = 1; i <= 4; i += 1) {
      const response = await attempt(user.email, `Wrong-Password-${i}x`);
      expect(response.status, `failure ${i}`).toBe(401);
    }
    const fifth = await attempt(user.email, 'Wrong-Password-5x');
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toMatchObject({ detail: 'account_locked' });
    const right = await attempt(user.email, user.password);
    expect(right.status).toBe(423);
    expect(await right.json()).toMatchObject({ detail: 'account_locked' });

    // The lock ends (moved into the past here) and the right password works again.
    await server.database.db.execute(
      sql`UPDATE login_failures SET locked_until = now() - interval '1 second'
          WHERE account_key = ${accountKeyOf(user.email)}`,
    );
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });

  it('resets the failure count on a successful login', async () => {
    const { user } = await registerAndLogin(server);
    for (let i = 0; i < 4; i += 1) expect((await attempt(user.email, 'Wrong-Password-0x')).status).toBe(401);
    expect((await attempt(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt(user.email, 'Wrong-Password-0x')).status).toBe(401);
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });
});

describe.each(ENGINES)('rate limits (%s)', (engine) => {
  let server: TestServer;
  // Hour-long windows: a window boundary in the middle of a test is next to impossible.
  const hour = (limit: number) => ({ limit, windowSeconds: 3600 });
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: {
        rateLimits: {
          loginPerIdentifier: hour(3),
          loginPerIp: hour(1000),
          registerPerIp: hour(1000),
          forgotPerEmailIp: hour(2),
          forgotPerEmail: hour(3),
          resetPerIp: hour(3),
          resendPerIp: hour(3),
          resendPerEmail: hour(2),
        },
        // Client addresses from X-Forwarded-For, so a test can come from several.
        trustProxy: true,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Exactly `count` mails to `email` after the `after`-th one, and no more within a moment. */
  const expectMailCount = async (email: string, after: number, count: number) => {
    const mailsTo = () =>
      server.mail.messages.slice(after).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
    // The mails go out in the background, after the answers.
    for (let waited = 0; mailsTo().length < count && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo()).toHaveLength(count);
  };

  const expectLimited = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ detail: 'rate_limited' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  };

  it('limits logins per identifier, even with the right password, and not other identifiers', async () => {
    const { user } = await registerAndLogin(server);
    const session = new HttpSession(server.url);
    // registerAndLogin used one attempt.
    for (let i = 0; i < 2; i += 1)
      expect(
        (await session.post('/v1/auth/login', { identifier: user.email, password: 'Wrong-Password-1x' })).status,
      ).toBe(401);
    await expectLimited(await session.post('/v1/auth/login', { identifier: user.email, password: user.password }));
    const other = await registerAndLogin(server);
    expect(other.user.id).not.toBe(user.id);
  });

  it('limits forgot-password per email and IP', async () => {
    const session = new HttpSession(server.url);
    for (let i = 0; i < 2; i += 1)
      expect((await session.post('/v1/auth/forgot-password', { email: 'limit-me@example.com' })).status).toBe(200);
    await expectLimited(await session.post('/v1/auth/forgot-password', { email: 'limit-me@example.com' }));
    expect((await session.post('/v1/auth/forgot-password', { email: 'someone-else@example.com' })).status).toBe(200);
  });

  it('limits forgot-password per email across addresses, and counts an IPv6 /64 as one address', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const session = new HttpSession(server.url);
    const { user } = await registerAndLogin(server);
    const email = user.email;
    const before = server.mail.messages.length;
    // Two per address and email: the second address of the same /64 is the same address.
    for (const ip of ['2001:db8:1:1::1', '2001:db8:1:1::2'])
      expect((await session.post('/v1/auth/forgot-password', { email }, from(ip))).status).toBe(200);
    await expectLimited(await session.post('/v1/auth/forgot-password', { email }, from('2001:db8:1:1::3')));
    // Another address gets one more: three in all for the email, whatever the address.
    expect((await session.post('/v1/auth/forgot-password', { email }, from('198.51.100.4'))).status).toBe(200);
    await expectMailCount(email, before, 3);
    // Over the per-email limit: the same ok (a 429 would lock the owner out, whoever spent the
    // limit), silently without a mail.
    const over = await session.post('/v1/auth/forgot-password', { email }, from('198.51.100.5'));
    expect(over.status).toBe(200);
    expect(await over.json()).toEqual({ status: 'ok' });
    await expectMailCount(email, before, 3);
  });

  it('limits resend-verification per address with 429, per email silently', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const session = new HttpSession(server.url);
    // Per address: any emails, the fourth gets 429 with Retry-After.
    for (let i = 0; i < 3; i += 1)
      expect(
        (await session.post('/v1/auth/resend-verification', { email: `x${i}@example.com` }, from('198.51.100.20')))
          .status,
      ).toBe(200);
    await expectLimited(
      await session.post('/v1/auth/resend-verification', { email: 'x9@example.com' }, from('198.51.100.20')),
    );

    // Per email across addresses: two mails, then ok without one.
    const body = newRegistration();
    await register(server, body);
    const before = server.mail.messages.length;
    for (const ip of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      const answer = await session.post('/v1/auth/resend-verification', { email: body.email }, from(ip));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'ok' });
    }
    await expectMailCount(body.email, before, 2);
  });

  it('limits reset attempts per IP', async () => {
    const session = new HttpSession(server.url);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await session.post('/v1/auth/reset-password', {
            token: `guess-${i}`,
            new_password: 'Velvet-Orchard-Thunder-42',
          })
        ).status,
      ).toBe(400);
    }
    await expectLimited(
      await session.post('/v1/auth/reset-password', { token: 'guess-9', new_password: 'Velvet-Orchard-Thunder-42' }),
    );
  });

  it('counts in the database, so the limit holds across server instances', async () => {
    const second = await buildApp({
      database: server.database,
      accounts: { mailer: server.mail, rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerIdentifier: hour(3) } },
    });
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const body = { identifier: 'shared-counter@example.com', password: 'Wrong-Password-1x' };
      expect((await new HttpSession(server.url).post('/v1/auth/login', body)).status).toBe(401);
      expect((await new HttpSession(secondUrl).post('/v1/auth/login', body)).status).toBe(401);
      expect((await new HttpSession(server.url).post('/v1/auth/login', body)).status).toBe(401);
      await expectLimited(await new HttpSession(secondUrl).post('/v1/auth/login', body));
    } finally {
      await second.close();
    }
  });
});

describe('rate limits per IP (pglite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      accounts: {
        rateLimits: { loginPerIp: { limit: 2, windowSeconds: 3600 }, registerPerIp: { limit: 1, windowSeconds: 3600 } },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits logins per IP across identifiers and registrations per IP', async () => {
    const session = new HttpSession(server.url);
    expect(
      (await session.post('/v1/auth/login', { identifier: 'a@example.com', password: 'Wrong-Password-1x' })).status,
    ).toBe(401);
    expect(
      (await session.post('/v1/auth/login', { identifier: 'b@example.com', password: 'Wrong-Password-1x' })).status,
    ).toBe(401);
    const third = await session.post('/v1/auth/login', { identifier: 'c@example.com', password: 'Wrong-Password-1x' });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);

    expect((await session.post('/v1/auth/register', newRegistration())).status).toBe(200);
    const again = await session.post('/v1/auth/register', newRegistration());
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ detail: 'rate_limited' });
  });
});
