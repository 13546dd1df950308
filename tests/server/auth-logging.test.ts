// Nothing secret in the logs: tokens in link URLs are redacted, passwords and emails never logged.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { logSerializers } from '../../server/auth/log-redaction.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { newRegistration } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('request logs', () => {
  const lines: string[] = [];
  let database: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    database = await createTestDatabase('pglite');
    const app = await buildApp({
      database,
      logger: pino({ level: 'debug', serializers: logSerializers }, sink),
      accounts: { mailer: new MemoryMailer() },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
    await database?.dispose();
  });

  it('never contains tokens, passwords or emails', async () => {
    const body = newRegistration();
    const session = new HttpSession(url);
    await session.post('/v1/auth/register', body);
    await session.post('/v1/auth/login', { identifier: body.email, password: body.password });
    await session.post('/v1/auth/forgot-password', { email: body.email });
    await session.post('/v1/auth/reset-password', { token: 'SECRET-RESET-TOKEN', new_password: body.password });
    await session.get('/v1/auth/verify?token=SECRET-VERIFY-TOKEN');
    await session.get('/auth/reset?token=SECRET-SPA-TOKEN&x=1');
    const log = lines.join('');
    // One line per request: the query's keys, never its values (issue 15).
    expect(log).toContain('GET /v1/auth/verify?token ');
    expect(log).toContain('GET /auth/reset?token&x ');
    for (const secret of ['SECRET-', body.password, body.email, session.cookie('csrf_token')!])
      expect(log).not.toContain(secret);
  });
});
