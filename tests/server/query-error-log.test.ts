// A failed query in the logs (issue 15, L6): the SQL text and the SQLSTATE, never the parameters,
// nor the driver's message or detail that may quote them. Real app, real database, real logger.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { isDatabaseUnavailable, loggableError, sqlStateOf } from '../../server/db/query-error.js';
import { createLogger } from '../../server/http/request-log.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

const SECRET = 'Bio of Jana Nováková, jana.secret@example.com';

describe.each(ENGINES)('failed queries in the log (%s)', (engine) => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    database = await createTestDatabase(engine);
    app = await buildApp({
      database,
      logger: createLogger({ level: 'info', pretty: false, destination: sink }),
      accounts: { mailer: new MemoryMailer() },
    });
    // Routes that fail the way a bug would: a cast of a private text, a duplicate key quoting it.
    app.get('/test/failing-cast', async () => {
      await database.db.execute(sql`SELECT ${SECRET}::integer AS n`);
      return {};
    });
    app.get('/test/failing-unique', async () => {
      await database.db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS t_unique (v text PRIMARY KEY)`);
      await database.db.execute(sql`INSERT INTO t_unique VALUES (${SECRET}) ON CONFLICT DO NOTHING`);
      await database.db.execute(sql`INSERT INTO t_unique VALUES (${SECRET})`);
      return {};
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('logs the SQL and SQLSTATE of a failed cast, not the value', async () => {
    lines.length = 0;
    const response = await fetch(`${url}/test/failing-cast`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ detail: 'internal_error' });
    const log = lines.join('');
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('::integer AS n');
    expect(log).not.toContain('Nováková');
    expect(log).not.toContain('jana.secret');
  });

  it('logs a unique violation with its constraint, not the duplicate value', async () => {
    lines.length = 0;
    const response = await fetch(`${url}/test/failing-unique`);
    expect(response.status).toBe(500);
    const log = lines.join('');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"constraint":"t_unique_pkey"');
    expect(log).not.toContain('Nováková');
    expect(log).not.toContain('jana.secret');
  });

  it('keeps the parameters out of any logged error, through the logger serializer', async () => {
    const error = await database.db.execute(sql`SELECT ${SECRET}::integer`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    // drizzle's own message does carry the value: that is what must not reach the log.
    expect((error as Error).message).toContain('jana.secret');
    expect(sqlStateOf(error)).toBe('22P02');
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(JSON.stringify(loggableError(error))).not.toContain('jana.secret');
    const wrapped = new Error('importing failed', { cause: error });
    expect(JSON.stringify(loggableError(wrapped))).not.toContain('jana.secret');
    expect(loggableError(wrapped)).toMatchObject({ code: '22P02', wrappedIn: 'Error' });

    lines.length = 0;
    app.log.error({ err: error }, 'background work failed');
    const log = lines.join('');
    expect(log).toContain('22P02');
    expect(log).not.toContain('jana.secret');
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('tells a lost connection from a fault of the query', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      Object.assign(withCode('57P01'), { severity: 'FATAL' }),
      Object.assign(withCode('57P03'), { severity: 'FATAL' }),
      Object.assign(withCode('08006'), { severity: 'FATAL' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1\nparams: ', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of [
      Object.assign(withCode('22P02'), { severity: 'ERROR' }),
      Object.assign(withCode('23505'), { severity: 'ERROR' }),
      new Error('boom'),
      'ECONNREFUSED',
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
