// Starts the real app on a random port over a test database and calls it over HTTP.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import type { Engine } from '../../server/db/client.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestServer {
  url: string;
  database: TestDatabase;
  app: FastifyInstance;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestServer(engine: Engine): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  const app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    database,
    app,
    get: (path, headers = {}) => fetch(url + path, { headers }),
    post: (path, body, headers = {}) =>
      fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** Reads a JSON body and parses it with the contract schema, so a shape drift fails the test. */
export async function json<T>(response: Response, schema: { parse(value: unknown): T }): Promise<T> {
  const body: unknown = await response.json();
  return schema.parse(body);
}
