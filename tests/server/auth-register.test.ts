// Registration over HTTP: password policy, phone normalization, unique email and phone (also
// under concurrent requests: 409, never 500), handles derived from the name.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistration, registerAndLogin, verifyEmail } from '../support/accounts.js';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('registration (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown) => new HttpSession(server.url).post('/v1/auth/register', body);
  const expectCode = async (response: Response, status: number, detail: string) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ detail });
  };
  const userRow = async (email: string) => {
    const result = (await server.database.db.execute(
      sql`SELECT username, phone, password_hash, language, email_verified_at FROM users WHERE email = ${email}`,
    )) as unknown as {
      rows: {
        username: string;
        phone: string;
        password_hash: string;
        language: string | null;
        email_verified_at: unknown;
      }[];
    };
    return result.rows[0];
  };

  it('stores the user unverified, the phone in E.164 and the password as argon2id', async () => {
    const body = newRegistration({
      email: `Mixed.Case-${Date.now()}@Example.COM`,
      phone: '+420 777 123 456',
      language: 'cs',
    });
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'verification_sent', email: body.email.toLowerCase() });
    const row = (await userRow(body.email.toLowerCase()))!;
    expect(row.phone).toBe('+420777123456');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(body.password);
    expect(row.language).toBe('cs');
    expect(row.email_verified_at).toBeNull();
  });

  it.each([
    ['shorter than 12 characters', 'Sh0rt-pass!', 'password_too_weak'],
    ['a common password', 'qwerty123456', 'password_too_common'],
    ['a common password, capitalised', 'Password1234', 'password_too_common'],
    ['a repeated character', 'aaaaaaaaaaaaaaaa', 'password_too_weak'],
    ['a keyboard walk', 'mnbvcxzlkjhgfd', 'password_too_weak'],
    ['common passwords joined', 'qwertyuiopasdf', 'password_too_common'],
    ['the site’s name twice', 'Lexhub-Lexhub', 'password_too_weak'],
    ['the site’s name with digits', 'LEXHUB2024lexhub!', 'password_too_weak'],
  ])('refuses %s', async (_what, password, detail) => {
    await expectCode(await post(newRegistration({ password })), 400, detail);
  });

  it('refuses a password made of the user’s own email', async () => {
    const email = `correcthorsebattery${Date.now()}@example.com`;
    await expectCode(await post(newRegistration({ email, password: email.split('@')[0] })), 400, 'password_too_weak');
  });

  it.each([
    ['letters only', '+420 call me', 'phone_invalid_format'],
    ['too few digits', '+420 12', 'phone_invalid_format'],
    ['too many digits', '+420 1234567890123456789', 'phone_invalid_format'],
    ['not a Czech number', '+420 100 000 000', 'phone_invalid'],
    ['a Czech number under Slovakia', '+421 777 123 456', 'phone_invalid'],
    ['a calling code the form does not offer', '+33 6 12 34 56 78', 'phone_invalid'],
  ])('refuses a phone number with %s', async (_what, phone, detail) => {
    const body = await expectApiError(await post(newRegistration({ phone })), 400, detail);
    expect(body.field).toBe('phone');
  });

  it.each([
    ['SK', '+421 0905 123 456', '+421905123456'],
    ['SK', '+421 0901 234 567', '+421901234567'],
    ['AT', '+43 0664 1234567', '+436641234567'],
    ['DE', '+49 01512 3456789', '+4915123456789'],
    ['DE', '+49 030 12345678', '+493012345678'],
    ['PL', '+48 512 345 678', '+48512345678'],
    ['GB', '+44 07400 123456', '+447400123456'],
    ['US', '+1 (201) 555-0123', '+12015550123'],
  ])('normalizes a %s number (%s)', async (_country, phone, e164) => {
    const body = newRegistration({ phone });
    expect((await post(body)).status).toBe(200);
    expect((await userRow(body.email))!.phone).toBe(e164);
  });

  it('registers without a name: a random handle that reveals nothing of the email', async () => {
    const handles = new Set<string>();
    for (const local of ['Ema.Nameless', 'alice2']) {
      const body = newRegistration({ email: `${local}-${Date.now()}@example.com`, first_name: '', last_name: '' });
      const { first_name: _first, last_name: _last, ...withoutNames } = body;
      expect((await post(withoutNames)).status).toBe(200);
      const { username } = (await userRow(body.email.toLowerCase()))!;
      expect(username).toMatch(/^user-[a-z0-9]{6}$/);
      expect(username).not.toContain(local.toLowerCase().split('.')[0]);
      handles.add(username);
    }
    expect(handles.size).toBe(2);
  });

  it('refuses a taken email (any case) and a verified account’s phone (typed another way) with 409', async () => {
    const first = newRegistration({ phone: '+420 776 111 222' });
    expect((await post(first)).status).toBe(200);
    // A phone counts as taken once its account is verified (issue 15: no squatting by unverified sign-ups).
    await verifyEmail(server, first.email);
    await expectCode(await post(newRegistration({ email: first.email.toUpperCase() })), 409, 'email_already_exists');
    await expectCode(await post(newRegistration({ phone: '+420 776-111-222' })), 409, 'phone_already_exists');
    await expectCode(await post(newRegistration({ phone: '00420776111222' })), 409, 'phone_already_exists');
  });

  it('answers concurrent registrations of one email with one success and 409s, never 500', async () => {
    const email = `race-${Date.now()}@example.com`;
    const responses = await Promise.all(Array.from({ length: 4 }, () => post(newRegistration({ email }))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toMatchObject({ detail: 'email_already_exists' });
    }
  });

  it('lets concurrent unverified registrations share a phone; concurrent verifications leave one holder', async () => {
    const phone = '+420 775 987 654';
    const bodies = Array.from({ length: 3 }, () => newRegistration({ phone }));
    const responses = await Promise.all(bodies.map((body) => post(body)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const verifications = await Promise.all(
      bodies.map(async (body) => {
        const link = new URL(linkIn(server.mail.to(body.email)[0]!, '/v1/auth/verify'));
        const answer = await fetch(server.url + link.pathname + link.search, {
          headers: { accept: 'application/json' },
        });
        return { status: answer.status, body: (await answer.json()) as { detail?: string } };
      }),
    );
    expect(verifications.map((v) => v.status).sort()).toEqual([200, 409, 409]);
    for (const refused of verifications.filter((v) => v.status === 409))
      expect(refused.body.detail).toBe('phone_already_exists');
  });

  it('cleans names: line breaks and controls out, runs of spaces as one; over 64 characters is refused', async () => {
    const body = newRegistration({ first_name: 'Jana\r\n\r\nUrgent:\u0007  act\u2028now', last_name: ' Nová\tková ' });
    expect((await post(body)).status).toBe(200);
    const result = (await server.database.db.execute(
      sql`SELECT first_name, last_name FROM users WHERE email = ${body.email}`,
    )) as unknown as { rows: { first_name: string; last_name: string }[] };
    expect(result.rows[0]).toEqual({ first_name: 'Jana Urgent: act now', last_name: 'Nová ková' });
    const long = await expectApiError(
      await post(newRegistration({ first_name: 'x'.repeat(65) })),
      400,
      'validation_failed',
    );
    expect(long.field).toBe('first_name');
    expect((await post(newRegistration({ last_name: 'y'.repeat(64) }))).status).toBe(200);
  });

  it('derives unique handles from the name', async () => {
    const names = { first_name: 'Žofie', last_name: 'Dvořáková-Šťastná' };
    const a = await registerAndLogin(server, names);
    const b = await registerAndLogin(server, names);
    expect(a.user.username).toBe('zofie-dvorakova-stastna');
    expect(b.user.username).toBe('zofie-dvorakova-stastna-2');
    // Concurrent ones too.
    const more = await Promise.all(Array.from({ length: 3 }, () => registerAndLogin(server, names)));
    expect(new Set([a, b, ...more].map((x) => x.user.username)).size).toBe(5);
  });

  it('never hands out a reserved handle', async () => {
    const { user } = await registerAndLogin(server, { first_name: 'Admin', last_name: '!!!' });
    expect(user.username).toBe('admin-user');
  });
});
