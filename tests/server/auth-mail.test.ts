// Account emails for real: over SMTP (a local smtp-server) the whole register → verify → login
// and forgot → reset → login story, the verification mail sent again (never killing an earlier
// link, never refusing the owner); without SMTP, .eml files in the outbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../server/mail/memory-mailer.js';
import { newRegistration } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('account emails over SMTP (%s)', (engine) => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // mailer: undefined → the real nodemailer transport to SMTP_URL.
    server = await startTestServer(engine, {
      accounts: {
        mailer: undefined,
        smtpUrl: sink.url,
        publicUrl: 'http://lexhub.test',
        mailFrom: 'Lexhub <robot@lexhub.test>',
        rateLimits: { resendPerEmail: { limit: 3, windowSeconds: 3600 } },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** The same address on the test server's own origin (the mail links to the public URL). */
  const local = (link: string) => {
    const url = new URL(link);
    expect(url.origin).toBe('http://lexhub.test');
    return url.pathname + url.search;
  };

  it('register → verification mail → link → login; forgot → mail → reset → new password only', async () => {
    const body = newRegistration({ language: 'cs' });
    const browser = new HttpSession(server.url);
    expect((await browser.post('/v1/auth/register', body)).status).toBe(200);

    // Not verified yet: the right password gets email_not_verified.
    const early = await browser.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ detail: 'email_not_verified' });

    const verifyMail = await sink.waitForMail(body.email);
    expect(verifyMail.from).toContain('robot@lexhub.test');
    expect(verifyMail.subject).toBe('Potvrďte svou e-mailovou adresu v Lexhubu');
    expect(verifyMail.html).toContain('/v1/auth/verify?token=');
    const verifyLink = linkIn(verifyMail, '/v1/auth/verify');
    // Opened in a browser: a redirect to the login page.
    const opened = await browser.get(local(verifyLink), { accept: 'text/html' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/auth/login?verified=1');

    const loggedIn = await browser.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(loggedIn.status).toBe(200);
    const otherDevice = new HttpSession(server.url);
    expect((await otherDevice.post('/v1/auth/login', { identifier: body.email, password: body.password })).status).toBe(
      200,
    );

    const before = sink.messages.length;
    const anonymous = new HttpSession(server.url);
    expect((await anonymous.post('/v1/auth/forgot-password', { email: body.email })).status).toBe(200);
    const resetMail = await sink.waitForMail(body.email, { after: before });
    expect(resetMail.subject).toBe('Obnovení hesla do Lexhubu');
    const resetUrl = new URL(linkIn(resetMail, '/auth/reset'));
    expect(resetUrl.pathname).toBe('/auth/reset');
    const token = resetUrl.searchParams.get('token')!;
    const newPassword = 'Velvet-Orchard-Thunder-42';
    expect((await anonymous.post('/v1/auth/reset-password', { token, new_password: newPassword })).status).toBe(200);

    // Every session ended, the old password is dead, the new one works.
    expect((await browser.get('/v1/auth/me')).status).toBe(401);
    expect((await otherDevice.get('/v1/auth/me')).status).toBe(401);
    const old = await anonymous.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ detail: 'invalid_credentials' });
    expect((await anonymous.post('/v1/auth/login', { identifier: body.email, password: newPassword })).status).toBe(
      200,
    );
    expect((await anonymous.get('/v1/auth/me')).status).toBe(200);
  });

  // Resending the verification email.
  const resend = (email: string, session = new HttpSession(server.url)) =>
    session.post('/v1/auth/resend-verification', { email });
  const tokenOf = (mail: { text: string }) => new URL(linkIn(mail, '/v1/auth/verify')).searchParams.get('token')!;
  const verify = (token: string) =>
    fetch(`${server.url}/v1/auth/verify?token=${token}`, { headers: { accept: 'application/json' } });
  /** No further mail to `email` arrives within a moment. */
  const expectNoMail = async (email: string, after: number) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.slice(after).filter((mail) => mail.to.includes(email))).toEqual([]);
  };
  /** The verification tokens mailed to `email` after the `after`-th message, waiting for `count` of them. */
  const tokensMailed = async (email: string, after: number, count: number) => {
    const tokens: string[] = [];
    let from = after;
    for (let n = 0; n < count; n += 1) {
      const mail = await sink.waitForMail(email, { after: from });
      from = sink.messages.indexOf(mail) + 1;
      tokens.push(tokenOf(mail));
    }
    return tokens;
  };

  it('mails another link; the first one still confirms the address; the login then works', async () => {
    const body = newRegistration({ first_name: '', last_name: '', language: 'en' });
    const browser = new HttpSession(server.url);
    expect((await browser.post('/v1/auth/register', body)).status).toBe(200);
    const first = await sink.waitForMail(body.email);
    // No name: a greeting without one.
    expect(first.text).toMatch(/^Hello,\n/);

    const early = await browser.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ detail: 'email_not_verified' });

    const before = sink.messages.length;
    const answer = await resend(body.email.toUpperCase(), browser);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    const second = await sink.waitForMail(body.email, { after: before });
    expect(second.subject).toBe('Confirm your Lexhub email address');
    expect(tokenOf(second)).not.toBe(tokenOf(first));

    // Sending again revoked nothing: the first link confirms the address.
    expect((await verify(tokenOf(first))).status).toBe(200);
    expect((await browser.post('/v1/auth/login', { identifier: body.email, password: body.password })).status).toBe(
      200,
    );
    // Verified now: the other link answers as a used one does.
    expect(await (await verify(tokenOf(second))).json()).toMatchObject({ detail: 'invalid_or_expired_token' });

    // Verified now: the same answer, and no mail.
    const after = sink.messages.length;
    expect(await (await resend(body.email)).json()).toEqual({ status: 'ok' });
    await expectNoMail(body.email, after);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const before = sink.messages.length;
    const answer = await resend(email);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    await expectNoMail(email, before);
  });

  // Issue 15: a first name with line breaks put a paragraph and a URL of the caller's choosing
  // above the confirm button. User text now appears only inside the greeting line.
  it('keeps a name with line breaks and a link out of the mail body: only a clean greeting line', async () => {
    const injected = newRegistration({
      first_name: 'Jana\r\n\r\nAccount blocked: https://evil.example/x',
      language: 'en',
    });
    expect((await new HttpSession(server.url).post('/v1/auth/register', injected)).status).toBe(200);
    const mail = await sink.waitForMail(injected.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).not.toContain('blocked');
    // A name that reads as a link is left out: the fixed greeting, then the fixed text.
    expect(mail.text.startsWith('Hello,\n\nplease confirm your email address')).toBe(true);

    const plain = newRegistration({ first_name: 'Jana\n\nMarie', language: 'cs' });
    expect((await new HttpSession(server.url).post('/v1/auth/register', plain)).status).toBe(200);
    const czech = await sink.waitForMail(plain.email);
    // The name, on the greeting line only; the first paragraph is the message's own.
    const [greeting, blank, intro] = czech.text.split('\n');
    expect(greeting).toBe('Dobrý den, Jana Marie,');
    expect(blank).toBe('');
    expect(intro).toBe('pro dokončení registrace v Lexhubu prosím potvrďte svou e-mailovou adresu:');
    expect(czech.html).toContain('<p>Dobrý den, Jana Marie,</p>');
  });

  it("lets no one kill the owner's link or lock the owner out: over the per-email limit, ok and no mail", async () => {
    // The review's attack: someone who knows the address asks again and again, in other spellings.
    const body = newRegistration();
    expect((await new HttpSession(server.url).post('/v1/auth/register', body)).status).toBe(200);
    const [ownersLink] = await tokensMailed(body.email, 0, 1);
    const before = sink.messages.length;
    const attacker = new HttpSession(server.url);
    for (const spelling of [body.email.toUpperCase(), ` ${body.email} `, body.email])
      expect((await resend(spelling, attacker)).status).toBe(200);
    // Within the limit (3 per email here): three mails, each with a link of its own.
    const sent = await tokensMailed(body.email, before, 3);
    expect(new Set([ownersLink, ...sent]).size).toBe(4);

    // Over it: the same answer for anybody, the owner included, and no mail (no 429 to tell
    // the attacker anything, or to keep the owner from asking).
    const afterLimit = sink.messages.length;
    for (const session of [attacker, new HttpSession(server.url)]) {
      const answer = await resend(body.email, session);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('retry-after')).toBeNull();
      expect(await answer.json()).toEqual({ status: 'ok' });
    }
    await expectNoMail(body.email, afterLimit);

    // The link from the registration mail still works, and the account logs in.
    const opened = await fetch(`${server.url}/v1/auth/verify?token=${ownersLink}`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(opened.headers.get('location')).toBe('/auth/login?verified=1');
    const owner = new HttpSession(server.url);
    expect((await owner.post('/v1/auth/login', { identifier: body.email, password: body.password })).status).toBe(200);
  });
});

describe('account emails without SMTP: the outbox', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-outbox-'));
  const outboxDir = path.join(dataDir, 'outbox');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { accounts: { mailer: undefined, outboxDir } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file whose link verifies the account', async () => {
    // Czech text is not ASCII: the text part was quoted-printable, which folded the link's line.
    const body = newRegistration({ language: 'cs' });
    expect((await new HttpSession(server.url).post('/v1/auth/register', body)).status).toBe(200);
    const files = fs.readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, files[0]!)));
    expect([mail.to].flat()[0]?.text).toBe(body.email);
    expect(mail.subject).toBe('Potvrďte svou e-mailovou adresu v Lexhubu');
    expect(mail.from?.text).toContain('no-reply@lexhub.local');
    const link = new URL(linkIn({ text: mail.text ?? '' }, '/v1/auth/verify'));
    // In the file itself, the link is one whole line (quoted-printable broke it with a soft line
    // break and wrote = as =3D): copy it and it opens.
    const raw = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    const lines = raw.split(/\r?\n/);
    expect(lines).toContain(link.href);
    expect(raw).not.toContain('token=3D');
    expect(raw).toContain('pro dokončení registrace');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const verified = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ status: 'ok' });
  });
});
