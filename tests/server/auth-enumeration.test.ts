// Issue 15, "enumeration and phone squatting": what the registration's 409s reveal is bounded
// (per-IP and per-address limits, the same hashing either way, a mail to the address's owner at
// most once an hour); a phone is held only by a verified account; accounts never verified expire
// after 7 days (registration frees the address, a periodic clean-up deletes them); forgot-password
// answers as fast for a known address as for an unknown one.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPeriodically } from '../../server/auth/background-work.js';
import { deleteExpiredUnverifiedAccounts } from '../../server/auth/register-account.js';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { newRegistration, register, registerAndLogin, verifyEmail } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe.each(ENGINES)('registration enumeration and phone squatting (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: { rateLimits: { registerPerEmail: { limit: 1000, windowSeconds: 3600 } } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown) => new HttpSession(server.url).post('/v1/auth/register', body);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const mailsTo = (email: string, after: number) =>
    server.mail.messages.slice(after).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("mails the address's owner about an attempt, at most once an hour, with nothing the caller typed", async () => {
    const owner = await registerAndLogin(server, { first_name: 'Olga', language: 'cs' });
    const before = server.mail.messages.length;
    const attempt = newRegistration({ email: owner.user.email, first_name: 'Mallory', last_name: 'Intruder' });
    await expectApiError(await post(attempt), 409, 'email_already_exists');
    const notice = await server.mail.waitFor(owner.user.email, { after: before });
    expect(notice.subject).toBe('Někdo se pokusil založit účet v Lexhubu s vaší adresou');
    expect(notice.text).toMatch(/^Dobrý den, Olga,\n\n/);
    expect(linkIn(notice, '/auth/login')).toMatch(/\/auth\/login$/);
    expect(linkIn(notice, '/auth/forgot')).toMatch(/\/auth\/forgot$/);
    for (const typed of ['Mallory', 'Intruder', attempt.phone, attempt.password]) {
      expect(notice.text).not.toContain(typed);
      expect(notice.html).not.toContain(typed);
    }

    // Again (and again): the same 409, no second mail within the hour.
    await expectApiError(await post({ ...attempt, phone: newRegistration().phone }), 409, 'email_already_exists');
    await expectApiError(await post(attempt), 409, 'email_already_exists');
    await pause(300);
    expect(mailsTo(owner.user.email, before)).toHaveLength(1);
  });

  it('hashes the password either way: a taken address answers no faster than a free one', async () => {
    const owner = await registerAndLogin(server);
    const taken: number[] = [];
    const free: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const session = new HttpSession(server.url);
      await session.get('/v1/languages');
      let started = performance.now();
      expect((await session.post('/v1/auth/register', newRegistration({ email: owner.user.email }))).status).toBe(409);
      taken.push(performance.now() - started);
      started = performance.now();
      expect((await session.post('/v1/auth/register', newRegistration())).status).toBe(200);
      free.push(performance.now() - started);
    }
    // Both include one argon2 hash (~50 ms); without it the 409 took a few ms.
    expect(median(taken)).toBeGreaterThan(median(free) * 0.5);
  });

  it('lets a phone be registered again while no account with it is verified; the first to verify holds it', async () => {
    const phone = '+420 774 555 101';
    const first = newRegistration({ phone });
    const second = newRegistration({ phone: '00420774555101' });
    await register(server, first);
    // An unverified account does not hold the phone.
    await register(server, second);
    await verifyEmail(server, first.email);
    // Verified now: a third registration is refused, and the second account cannot verify.
    await expectApiError(await post(newRegistration({ phone })), 409, 'phone_already_exists');
    const link = new URL(linkIn(server.mail.to(second.email)[0]!, '/v1/auth/verify'));
    const json = await fetch(server.url + link.pathname + link.search, { headers: { accept: 'application/json' } });
    await expectApiError(json, 409, 'phone_already_exists');
    const browser = await fetch(server.url + link.pathname + link.search, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('/auth/login?verify_error=phone_already_exists');
    const [state] = await rows<{ verified: boolean }>(
      sql`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = ${second.email}`,
    );
    expect(state?.verified).toBe(false);
  });

  it('resets the password of an account whose phone another verified account holds, leaving it unverified', async () => {
    const phone = '+420 774 555 202';
    const holder = newRegistration({ phone });
    const other = newRegistration({ phone });
    await register(server, holder);
    await register(server, other);
    await verifyEmail(server, holder.email);
    const before = server.mail.messages.length;
    expect((await new HttpSession(server.url).post('/v1/auth/forgot-password', { email: other.email })).status).toBe(
      200,
    );
    const mail = await server.mail.waitFor(other.email, { after: before });
    const token = new URL(linkIn(mail, '/auth/reset?token=')).searchParams.get('token')!;
    const reset = await new HttpSession(server.url).post('/v1/auth/reset-password', {
      token,
      new_password: 'Velvet-Orchard-Thunder-42',
    });
    expect(reset.status).toBe(200);
    const [state] = await rows<{ verified: boolean }>(
      sql`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = ${other.email}`,
    );
    expect(state?.verified).toBe(false);
  });

  it('frees the address of an account not verified within 7 days, and the clean-up deletes such accounts', async () => {
    const stale = newRegistration();
    await register(server, stale);
    const fresh = newRegistration();
    await register(server, fresh);
    const oldVerified = await registerAndLogin(server);
    await server.database.db.execute(
      sql`UPDATE users SET created_at = now() - interval '8 days' WHERE email IN (${stale.email}, ${oldVerified.user.email})`,
    );
    // A day short of expiry still holds the address.
    await expectApiError(await post(newRegistration({ email: fresh.email })), 409, 'email_already_exists');

    // The expired one's address is free: a new account takes it (the old row is gone).
    const again = newRegistration({ email: stale.email });
    expect((await post(again)).status).toBe(200);
    const [row] = await rows<{ count: number; phone: string }>(
      sql`SELECT count(*)::int AS count, min(phone) AS phone FROM users WHERE email = ${stale.email}`,
    );
    expect(Number(row?.count)).toBe(1);
    expect(row?.phone).toBe(again.phone.replace(/\s/g, ''));

    // The clean-up: only unverified accounts older than 7 days go.
    const expired = newRegistration();
    await register(server, expired);
    await server.database.db.execute(
      sql`UPDATE users SET created_at = now() - interval '7 days 1 minute' WHERE email = ${expired.email}`,
    );
    expect(await deleteExpiredUnverifiedAccounts(server.database.db)).toBeGreaterThanOrEqual(1);
    const left = await rows<{ email: string }>(
      sql`SELECT email FROM users WHERE email IN (${expired.email}, ${fresh.email}, ${oldVerified.user.email})`,
    );
    expect(left.map((r) => r.email).sort()).toEqual([fresh.email, oldVerified.user.email].sort());
  });

  it('forgot-password answers a known address as fast as an unknown one (medians)', async () => {
    const { user } = await registerAndLogin(server);
    const session = new HttpSession(server.url);
    await session.get('/v1/languages');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      for (const [email, into] of [
        [user.email, known],
        [`nobody-${round}-${Date.now()}@example.com`, unknown],
      ] as const) {
        const started = performance.now();
        const answer = await session.post('/v1/auth/forgot-password', { email });
        into.push(performance.now() - started);
        expect(answer.status).toBe(200);
        // Let the background work end, so it does not slow the next measurement.
        await pause(30);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    expect(Math.abs(k - u)).toBeLessThan(Math.max(5, 0.5 * Math.max(k, u)));
  });
});

describe.each(ENGINES)('registration limits (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: { rateLimits: { registerPerEmail: { limit: 2, windowSeconds: 3600 } } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (body: unknown) => new HttpSession(server.url).post('/v1/auth/register', body);

  it('limits registrations per address (429 with retry_after), however the caller varies the rest', async () => {
    const email = `probe-${Date.now()}@example.com`;
    const session = new HttpSession(server.url);
    expect((await session.post('/v1/auth/register', newRegistration({ email }))).status).toBe(200);
    await expectApiError(
      await session.post('/v1/auth/register', newRegistration({ email })),
      409,
      'email_already_exists',
    );
    const over = await new HttpSession(server.url).post(
      '/v1/auth/register',
      newRegistration({ email: email.toUpperCase() }),
    );
    const body = await expectApiError(over, 429, 'rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await session.post('/v1/auth/register', newRegistration())).status).toBe(200);
  });

  it('does not count a request refused before the look-up (a bad phone), so nobody burns an owner’s tries', async () => {
    const email = `owner-${Date.now()}@example.com`;
    for (let n = 0; n < 4; n += 1)
      await expectApiError(await post(newRegistration({ email, phone: '+420 12' })), 400, 'phone_invalid_format');
    expect((await post(newRegistration({ email }))).status).toBe(200);
  });
});

describe.each(ENGINES)('registration limits per IP (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      accounts: { rateLimits: { registerPerIp: { limit: 2, windowSeconds: 3600 } } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the third registration from one address with 429', async () => {
    const post = () => new HttpSession(server.url).post('/v1/auth/register', newRegistration());
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const body = await expectApiError(await post(), 429, 'rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
  });
});

describe('periodic accounts work', () => {
  it('runs the work again and again, one round at a time, and stops with the app', async () => {
    const app = Fastify();
    let rounds = 0;
    let overlapping = 0;
    let inFlight = 0;
    runPeriodically(
      app,
      'test work',
      async () => {
        inFlight += 1;
        if (inFlight > 1) overlapping += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        rounds += 1;
        inFlight -= 1;
      },
      20,
    );
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await app.close();
    const after = rounds;
    expect(after).toBeGreaterThanOrEqual(3);
    expect(overlapping).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(after);
  });
});
