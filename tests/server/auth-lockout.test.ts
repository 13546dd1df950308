// Issue 15, "Anyone can lock anyone out", over HTTP with real mail (a local SMTP server): failures
// lock the source that failed (its address, an IPv6 /64, and its device cookie), not the account;
// the owner gets in from elsewhere or from a browser that signed in before; the owner is mailed
// once per lock window with a reset link that lifts every lock; unknown emails answer the same;
// rotating addresses meets a growing per-account delay (429 with retry_after).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../src/api/contract/auth.js';
import { buildApp } from '../../server/app.js';
import { DEFAULT_LOGIN_DELAY, accountKeyOf, delayAfter } from '../../server/auth/login-throttle.js';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rate-limit.js';
import { newRegistration, registerAndLogin } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { ENGINES } from '../support/test-database.js';
import { GENEROUS_RATE_LIMITS, startTestServer, type TestServer } from '../support/test-server.js';

const LOCKED = {
  detail: 'account_locked',
  message: 'Signing in from this address or browser is blocked for a while after too many wrong passwords',
};
const WRONG = { detail: 'invalid_credentials', message: 'Invalid email or password' };

describe('the growing delay', () => {
  it('starts after 10 failures at 5 s and doubles up to 5 minutes', () => {
    const waits = [1, 9, 10, 11, 12, 13, 14, 15, 16, 17, 1000].map((n) => delayAfter(n, DEFAULT_LOGIN_DELAY));
    expect(waits).toEqual([0, 0, 5, 10, 20, 40, 80, 160, 300, 300, 300]);
  });
});

describe.each(ENGINES)('lockout by source (%s)', (engine) => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(engine, {
      accounts: {
        // mailer: undefined → the real nodemailer transport to the SMTP sink.
        mailer: undefined,
        smtpUrl: sink.url,
        publicUrl: 'http://lexhub.test',
        maxFailedLogins: 5,
        lockSeconds: 900,
        // Client addresses from X-Forwarded-For, so a test can come from several.
        trustProxy: true,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  let nextAddress = 0;
  /** A fresh IPv4 address per call (TEST-NET-2 and -3). */
  const newAddress = () => {
    nextAddress += 1;
    return `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const attempt = (browser: HttpSession, ip: string, identifier: string, password: string) =>
    browser.post('/v1/auth/login', { identifier, password }, from(ip));
  /** The path of a mailed link on the test server (the mail links to the public URL). */
  const local = (link: string) => {
    const url = new URL(link);
    expect(url.origin).toBe('http://lexhub.test');
    return url.pathname + url.search;
  };

  /** A registered, verified account that signed in once from `ip` in `browser` (a known device). */
  async function owner(ip = newAddress(), browser = new HttpSession(server.url)) {
    const body = newRegistration();
    expect((await browser.post('/v1/auth/register', body, from(ip))).status).toBe(200);
    const verify = await sink.waitForMail(body.email);
    expect((await fetch(server.url + local(linkIn(verify, '/v1/auth/verify')))).status).toBe(200);
    const login = await attempt(browser, ip, body.email, body.password);
    expect(login.status).toBe(200);
    return { email: body.email, password: body.password, browser, id: MeResponse.parse(await login.json()).user.id };
  }

  /** Five wrong passwords from `ip` in `browser`: four 401, then the lock's 423. */
  async function lockOut(browser: HttpSession, ip: string, email: string) {
    for (let i = 1; i <= 4; i += 1) {
      const response = await attempt(browser, ip, email, `Wrong-Password-${i}x`);
      expect(response.status, `failure ${i}`).toBe(401);
      expect(await response.json()).toEqual(WRONG);
    }
    const fifth = await attempt(browser, ip, email, 'Wrong-Password-5x');
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toEqual(LOCKED);
  }

  const mailsTo = (email: string, after: number) =>
    sink.messages.slice(after).filter((mail) => mail.to.includes(email.toLowerCase()));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  it('locks the attacking address out, not the owner from another address or a known browser', async () => {
    const account = await owner();
    const attackerIp = newAddress();
    const attacker = new HttpSession(server.url);
    await lockOut(attacker, attackerIp, account.email);

    // The attacker's address: 423 whatever the password, in any browser.
    expect((await attempt(attacker, attackerIp, account.email, account.password)).status).toBe(423);
    const freshBrowser = await attempt(new HttpSession(server.url), attackerIp, account.email, account.password);
    expect(freshBrowser.status).toBe(423);
    expect(await freshBrowser.json()).toEqual(LOCKED);
    // The attacker's browser (its device cookie) stays locked from another address too.
    expect((await attempt(attacker, newAddress(), account.email, 'Wrong-Password-6x')).status).toBe(423);

    // The owner from another address, in a new browser: in.
    const elsewhere = new HttpSession(server.url);
    expect((await attempt(elsewhere, newAddress(), account.email, account.password)).status).toBe(200);
    expect((await elsewhere.get('/v1/auth/me')).status).toBe(200);
    // The owner's browser that signed in before, even from the attacker's address: in.
    const known = await attempt(account.browser, attackerIp, account.email, account.password);
    expect(known.status).toBe(200);
    // The attacker's address is still locked for everybody else.
    expect((await attempt(new HttpSession(server.url), attackerIp, account.email, account.password)).status).toBe(423);
    // Other accounts are not touched by the lock of this one.
    const other = await owner();
    expect((await attempt(new HttpSession(server.url), attackerIp, other.email, other.password)).status).toBe(200);
  });

  it('gives a browser a device cookie (HttpOnly, SameSite=Lax) and stores only its hash', async () => {
    const browser = new HttpSession(server.url);
    const response = await attempt(browser, newAddress(), 'cookie-check@example.com', 'Wrong-Password-1x');
    expect(response.status).toBe(401);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('lexhub_device='))!;
    expect(line).toBeDefined();
    const value = browser.cookie('lexhub_device')!;
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\/v1\/auth/);
    expect(line).not.toMatch(/; Secure/i);
    expect(Number(/Max-Age=(\d+)/i.exec(line)?.[1])).toBeGreaterThan(300 * 24 * 3600);
    // Kept: the next attempt sets none.
    const again = await attempt(browser, newAddress(), 'cookie-check@example.com', 'Wrong-Password-2x');
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith('lexhub_device='))).toBe(false);
    // Behind https: Secure.
    const secure = await new HttpSession(server.url).post(
      '/v1/auth/login',
      { identifier: 'cookie-check@example.com', password: 'Wrong-Password-3x' },
      { ...from(newAddress()), 'x-forwarded-proto': 'https' },
    );
    expect(secure.headers.getSetCookie().find((cookie) => cookie.startsWith('lexhub_device='))).toMatch(/; Secure/i);

    const stored = await server.database.db.execute(
      sql`SELECT source_key FROM login_failures WHERE account_key = ${accountKeyOf('cookie-check@example.com')}`,
    );
    const keys = (stored as unknown as { rows: { source_key: string }[] }).rows.map((row) => row.source_key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(value))).toBe(false);
  });

  it('mails the owner once per lock window, with a reset link that lifts every lock', async () => {
    const account = await owner();
    const before = sink.messages.length;
    const attackerIp = newAddress();
    await lockOut(new HttpSession(server.url), attackerIp, account.email);

    const mail = await sink.waitForMail(account.email, { after: before });
    expect(mail.subject).toBe('Sign-in attempts to your Lexhub account were blocked');
    expect(mail.text).toContain(`from the address ${attackerIp} for 15 minutes`);
    expect(mail.text).toContain('You can still sign in from a browser you signed in with before.');
    expect(mail.html).toContain('/auth/reset?token=');

    // A second source locked within the window: no second mail.
    const secondIp = newAddress();
    await lockOut(new HttpSession(server.url), secondIp, account.email);
    await settle();
    expect(mailsTo(account.email, before)).toHaveLength(1);

    // The link works and lifts the locks (and forgets the known browsers: their sessions end too).
    const token = new URL(linkIn(mail, '/auth/reset')).searchParams.get('token')!;
    const newPassword = 'Velvet-Orchard-Thunder-42';
    const resettingBrowser = new HttpSession(server.url);
    const resettingIp = newAddress();
    const reset = await resettingBrowser.post(
      '/v1/auth/reset-password',
      { token, new_password: newPassword },
      from(resettingIp),
    );
    expect(reset.status).toBe(200);
    const rows = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM login_failures WHERE account_key = ${accountKeyOf(account.email)}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await attempt(new HttpSession(server.url), attackerIp, account.email, newPassword)).status).toBe(200);
    expect((await attempt(new HttpSession(server.url), secondIp, account.email, 'Wrong-Password-7x')).status).toBe(401);
    // The old password is dead.
    expect((await attempt(new HttpSession(server.url), newAddress(), account.email, account.password)).status).toBe(
      401,
    );

    // The reset forgot the last mail too: a new lock mails again.
    const afterReset = sink.messages.length;
    await lockOut(new HttpSession(server.url), resettingIp, account.email);
    await sink.waitForMail(account.email, { after: afterReset });
    // The browser that reset is known now: the attacker locking its address out does not stop it.
    expect((await attempt(resettingBrowser, resettingIp, account.email, newPassword)).status).toBe(200);
    expect((await attempt(new HttpSession(server.url), resettingIp, account.email, newPassword)).status).toBe(423);
  });

  it('answers an unknown email exactly as a known one, lock included, and mails nobody', async () => {
    const account = await owner();
    const unknown = `nobody-${Date.now()}@example.com`;
    const before = sink.messages.length;
    const knownIp = newAddress();
    const unknownIp = newAddress();
    const knownBrowser = new HttpSession(server.url);
    const unknownBrowser = new HttpSession(server.url);
    const passwords = [1, 2, 3, 4, 5, 6].map((n) => `Wrong-Password-${n}x`);
    // The sixth with the owner's right password: still the same 423.
    passwords[5] = account.password;
    for (const [index, password] of passwords.entries()) {
      const known = await attempt(knownBrowser, knownIp, account.email, password);
      const other = await attempt(unknownBrowser, unknownIp, unknown, password);
      expect(other.status, `attempt ${index + 1}`).toBe(known.status);
      expect(await other.json()).toEqual(await known.json());
      expect(other.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
    }
    // Both locked at the fifth.
    expect((await attempt(unknownBrowser, unknownIp, unknown, 'x-Wrong-Password-9')).status).toBe(423);
    // From elsewhere, both answer 401 to a wrong password.
    const knownElsewhere = await attempt(new HttpSession(server.url), newAddress(), account.email, 'Wrong-Password-8x');
    const unknownElsewhere = await attempt(new HttpSession(server.url), newAddress(), unknown, 'Wrong-Password-8x');
    expect([knownElsewhere.status, unknownElsewhere.status]).toEqual([401, 401]);
    await settle();
    expect(sink.messages.slice(before).filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const account = await owner();
    // Five addresses of one /64, each in a new browser: the fifth failure locks the /64.
    for (let i = 1; i <= 5; i += 1) {
      const response = await attempt(new HttpSession(server.url), `2001:db8:15:1::${i}`, account.email, 'Wrong-Pw-1x');
      expect(response.status, `failure ${i}`).toBe(i < 5 ? 401 : 423);
    }
    const sameNet = await attempt(
      new HttpSession(server.url),
      '2001:db8:15:1:ffff::9',
      account.email,
      account.password,
    );
    expect(sameNet.status).toBe(423);
    // Another /64: in.
    const otherNet = await attempt(new HttpSession(server.url), '2001:db8:15:2::1', account.email, account.password);
    expect(otherNet.status).toBe(200);
  });

  it('slows guessing from rotating addresses with a growing delay, not the known browser', async () => {
    const account = await owner();
    const before = sink.messages.length;
    const rotate = () => attempt(new HttpSession(server.url), newAddress(), account.email, 'Wrong-Password-1x');
    // Ten failures from ten addresses: no source locked, the tenth starts the 5 s delay.
    for (let i = 1; i <= 10; i += 1) expect((await rotate()).status, `failure ${i}`).toBe(401);
    const held = await rotate();
    expect(held.status).toBe(429);
    const body = (await held.json()) as { detail: string; retry_after: number };
    expect(body.detail).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.retry_after).toBeLessThanOrEqual(5);
    expect(held.headers.get('retry-after')).toBe(String(body.retry_after));
    // Even the right password from a new place waits: the delay comes before any password check.
    const ownerNew = await attempt(new HttpSession(server.url), newAddress(), account.email, account.password);
    expect(ownerNew.status).toBe(429);
    // The owner's known browser is not held back, and its sign-in makes nobody else wait longer.
    expect((await attempt(account.browser, newAddress(), account.email, account.password)).status).toBe(200);
    const still = await rotate();
    expect(still.status).toBe(429);
    expect(Number(still.headers.get('retry-after'))).toBeLessThanOrEqual(5);

    // The wait over (moved into the past here), the next failure doubles it: 10 s.
    const pass = () =>
      server.database.db.execute(
        sql`UPDATE login_throttles SET next_attempt_at = now() - interval '1 second'
            WHERE account_key = ${accountKeyOf(account.email)}`,
      );
    await pass();
    expect((await rotate()).status).toBe(401);
    const longer = await rotate();
    expect(longer.status).toBe(429);
    const retry = Number(longer.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(5);
    expect(retry).toBeLessThanOrEqual(10);
    // Up to the cap of 5 minutes.
    for (let i = 0; i < 8; i += 1) {
      await pass();
      expect((await rotate()).status).toBe(401);
    }
    const capped = Number((await rotate()).headers.get('retry-after'));
    expect(capped).toBeGreaterThan(160);
    expect(capped).toBeLessThanOrEqual(300);
    // The owner was mailed once, when the delay began, with a reset link.
    const mail = await sink.waitForMail(account.email, { after: before });
    expect(mail.subject).toBe('Sign-in attempts to your Lexhub account were blocked');
    expect(mail.text).toContain('from several places');
    expect(mail.text).toContain('/auth/reset?token=');
    await settle();
    expect(mailsTo(account.email, before)).toHaveLength(1);
  });

  it('counts parallel attempts exactly: one source never gets more than its five', async () => {
    const account = await owner();
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(new HttpSession(server.url), ip, account.email, `Wrong-Pw-${i}x`)),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 423)).toHaveLength(8);
  });

  it('keeps the state in the database: another instance sees the lock', async () => {
    const account = await owner();
    const ip = newAddress();
    await lockOut(new HttpSession(server.url), ip, account.email);
    const second = await buildApp({
      database: server.database,
      accounts: {
        mailer: server.mail,
        rateLimits: GENEROUS_RATE_LIMITS,
        trustProxy: true,
        maxFailedLogins: 5,
        lockSeconds: 900,
      },
    });
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const there = new HttpSession(secondUrl);
      expect(
        (await there.post('/v1/auth/login', { identifier: account.email, password: account.password }, from(ip)))
          .status,
      ).toBe(423);
      expect(
        (
          await there.post(
            '/v1/auth/login',
            { identifier: account.email, password: account.password },
            from(newAddress()),
          )
        ).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe.each(ENGINES)('the per-identifier limit at its default (%s)', (engine) => {
  it('counts per address: eleven attempts a minute from one place never hold the owner back elsewhere', async () => {
    const server = await startTestServer(engine, {
      accounts: {
        trustProxy: true,
        rateLimits: { loginPerIdentifier: DEFAULT_RATE_LIMITS.loginPerIdentifier },
      },
    });
    try {
      const account = await registerAndLogin(server);
      const attacker = new HttpSession(server.url);
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.loginPerIdentifier.limit; i++) {
        const response = await attacker.post(
          '/v1/auth/login',
          { identifier: account.user.email, password: `Wrong-Password-${i}x` },
          { 'x-forwarded-for': '203.0.113.7' },
        );
        statuses.push(response.status);
      }
      // The attacker's own address meets the limit…
      expect(statuses.at(-1)).toBe(429);
      // …the owner on a new browser at another address does not.
      const owner = await new HttpSession(server.url).post(
        '/v1/auth/login',
        { identifier: account.user.email, password: account.user.password },
        { 'x-forwarded-for': '192.0.2.44' },
      );
      expect(owner.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
