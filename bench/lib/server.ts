// Starts the real Lexhub HTTP app on a loopback port, in this process (PGlite's folder lock).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startServer(database: Database): Promise<RunningServer> {
  const app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
