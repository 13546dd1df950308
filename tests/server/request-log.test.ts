// One log line per request (issue 15): method, path with the query's keys but not its values,
// status and time; JSON when not on a terminal, human-readable lines (pino-pretty) on one.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { createLogger, pathForLog } from '../../server/http/request-log.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const SECRET = 'rodne-cislo-8501011234';

function sink(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
}

describe('pathForLog', () => {
  it('keeps the path and the query keys, drops every value', () => {
    expect(pathForLog('/v1/search?q=secret&page=2')).toBe('/v1/search?q&page');
    expect(pathForLog('/v1/legal/documents')).toBe('/v1/legal/documents');
    expect(pathForLog('/x?')).toBe('/x');
    expect(pathForLog('/x?a=1#frag=2')).toBe('/x?a');
    expect(pathForLog(`/mcp?lxh_${'a'.repeat(36)}=1`)).toBe('/mcp?[redacted]');
  });
});

describe('request log lines', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function serve(pretty: boolean, lines: string[]): Promise<string> {
    const app = await buildApp({
      database,
      logger: createLogger({ level: 'info', pretty, destination: sink(lines) }),
      accounts: { mailer: new MemoryMailer() },
    });
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
  });

  it('writes one JSON line per request, without query values', async () => {
    const lines: string[] = [];
    const url = await serve(false, lines);
    const response = await fetch(`${url}/v1/legal/documents?q=${SECRET}&limit=5`);
    expect(response.status).toBe(200);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const forRequest = entries.filter((entry) => entry.reqId === response.headers.get('x-request-id'));
    expect(forRequest).toHaveLength(1);
    expect(forRequest[0]).toMatchObject({
      method: 'GET',
      path: '/v1/legal/documents?q&limit',
      status: 200,
      msg: expect.stringMatching(/^GET \/v1\/legal\/documents\?q&limit 200 \d+(\.\d)? ms$/),
    });
    expect(typeof forRequest[0]!.ms).toBe('number');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('writes one human-readable line per request on a terminal', async () => {
    const lines: string[] = [];
    const url = await serve(true, lines);
    const response = await fetch(`${url}/v1/search?q=${SECRET}`);
    expect(response.status).toBe(200);
    const text = lines.join('\n');
    expect(text).not.toContain(SECRET);
    const requestLines = lines.filter((line) => line.includes('/v1/search'));
    expect(requestLines).toHaveLength(1);
    // Colours aside: time, level, method, path, status and duration on one line, no JSON.
    // eslint-disable-next-line no-control-regex
    const plain = requestLines[0]!.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: GET \/v1\/search\?q 200 \d+(\.\d)? ms$/);
  });
});
