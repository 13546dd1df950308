// The chat service as its own HTTP app (`npm run copilot`, server/copilot-main.ts): POST /chat
// (and /copilot/chat), CORS for the web app's origin, a health check, and the realtime hub's
// publishing side so that tool calls reach the users' live channels through the database.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Database } from '../db/client.js';
import { installPrincipal } from '../auth/principal.js';
import { frameworkErrors, installErrorHandling } from '../http/error-handler.js';
import { registerRealtimeRoutes } from '../routes/realtime.js';
import { hubPublisher } from './automation.js';
import { registerChatService } from './chat-service.js';
import { DEFAULT_COPILOT_OPTIONS, type CopilotOptions } from './copilot-options.js';
import { loadCopilotSecret } from './copilot-secret.js';
import { fastifyTrustProxy, type TrustProxy } from '../http/trust-proxy.js';

const ALLOWED_HEADERS =
  'content-type, x-copilot-session, x-copilot-user, x-copilot-login, x-copilot-nonce, x-copilot-expires, x-copilot-signature';

export interface CopilotServiceOptions {
  database: Database;
  /** The web app's address (PUBLIC_URL): its origin may call the service from the browser. */
  publicUrl: string;
  copilot?: Partial<CopilotOptions>;
  logger?: FastifyBaseLogger;
  trustProxy?: TrustProxy;
}

export async function buildCopilotService(options: CopilotServiceOptions): Promise<FastifyInstance> {
  const copilot: CopilotOptions = { ...DEFAULT_COPILOT_OPTIONS, ...options.copilot };
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  installErrorHandling(app);
  app.removeContentTypeParser('text/plain');
  // No login sessions here: every caller is anonymous, the signed headers are the credentials.
  installPrincipal(app);

  // The browser calls this service from the main server's origin: a cross-origin POST with the
  // signed headers (no cookies), so CORS for exactly that origin.
  const allowedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin !== allowedOrigin) return;
    reply
      .header('Access-Control-Allow-Origin', allowedOrigin)
      .header('Vary', 'Origin')
      .header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
    if (request.method === 'OPTIONS') {
      return reply
        .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .status(204)
        .send();
    }
  });

  // Decorates app.realtime (publishing fans out through the database to every instance).
  registerRealtimeRoutes(app, options.database);
  registerChatService(app, {
    db: options.database.db,
    secret: loadCopilotSecret({ secret: copilot.secret, dataDir: copilot.dataDir }),
    publish: copilot.publish ?? hubPublisher(app),
    model: copilot.model,
    rateLimit: copilot.chatRateLimit,
    translation: copilot.translation,
    paths: ['/chat', routes.copilotChat.path],
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  return app;
}
