// Starts the real app on a random port over a test database and calls it over HTTP.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.js';
import type { AccountsOptions } from '../../server/auth/install.js';
import type { CopilotOptions } from '../../server/copilot/copilot-options.js';
import type { RateLimits } from '../../server/auth/rate-limit.js';
import type { Engine } from '../../server/db/client.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestServer {
  url: string;
  database: TestDatabase;
  app: FastifyInstance;
  /** Every email the server sent (unless `accounts.mailer` was given). */
  mail: MemoryMailer;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Overrides of the test defaults (memory mailer, generous rate limits). */
  accounts?: Partial<AccountsOptions>;
  webRoot?: string;
  /** Copilot settings (model, rate limit, publish); default: the embedded assistant. */
  copilot?: Partial<CopilotOptions>;
  /** Live-channel settings (heartbeat, send-buffer bound); default: the server's. */
  realtime?: AppOptions['realtime'];
  /** Collections' quotas; default: the server's. */
  collectionQuotas?: AppOptions['collectionQuotas'];
  /** POST /legal/translate: memory threshold, machine-translation provider, timeout; default: memory only. */
  translation?: AppOptions['translation'];
  /** GET /metrics's token; default: not served. */
  metrics?: AppOptions['metrics'];
  /** POST /v1/admin/imports: local token, upload folder, limits; default: the server's. */
  imports?: AppOptions['imports'];
  /** /v1/admin/sources/*: the services' addresses and job timing; default: no network. */
  sources?: AppOptions['sources'];
  /** Server rendering of the first screens (src/ssr/entry-server.tsx); default: the built one beside webRoot. */
  pageRenderer?: AppOptions['pageRenderer'];
}

/** Limits high enough that ordinary tests never meet them; rate-limit tests lower them. */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  loginPerIdentifier: { limit: 1000, windowSeconds: 60 },
  loginPerIp: { limit: 1000, windowSeconds: 60 },
  registerPerIp: { limit: 1000, windowSeconds: 3600 },
  forgotPerEmailIp: { limit: 1000, windowSeconds: 3600 },
  forgotPerEmail: { limit: 1000, windowSeconds: 3600 },
  resetPerIp: { limit: 1000, windowSeconds: 3600 },
  resendPerIp: { limit: 1000, windowSeconds: 3600 },
  resendPerEmail: { limit: 1000, windowSeconds: 3600 },
  translate: { limit: 1000, windowSeconds: 60 },
  saveTranslation: { limit: 1000, windowSeconds: 60 },
};

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  const mail = new MemoryMailer();
  // A start that fails (a test of a refused setting) still drops its database.
  const app = await buildApp({
    database,
    webRoot: options.webRoot,
    copilot: options.copilot,
    realtime: options.realtime,
    collectionQuotas: options.collectionQuotas,
    translation: options.translation,
    metrics: options.metrics,
    imports: options.imports,
    sources: options.sources,
    pageRenderer: options.pageRenderer,
    accounts: {
      mailer: mail,
      ...options.accounts,
      // Limits given by a test replace only the buckets they name.
      rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.accounts?.rateLimits },
    },
  }).catch(async (error: unknown) => {
    await database.dispose();
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    database,
    app,
    mail,
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
