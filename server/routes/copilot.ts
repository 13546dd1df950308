// /v1/copilot/session (signed sessions for the chat service), /copilot/chat (the chat service
// inside the main server), /copilot_templates.json, /copilot/config (where the chat is) and
// /v1/copilot/conversations (the History tab).
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { hubPublisher } from '../copilot/automation.js';
import { registerChatService } from '../copilot/chat-service.js';
import { DEFAULT_COPILOT_OPTIONS, type CopilotOptions } from '../copilot/copilot-options.js';
import { loadCopilotSecret } from '../copilot/copilot-secret.js';
import { loginTagOf, newSessionClaims, signSession } from '../copilot/signed-session.js';
import { deleteConversation, listConversations, readConversation } from '../copilot/conversation-store.js';
import { COPILOT_TEMPLATES } from '../copilot/templates.js';
import type { Database } from '../db/client.js';
import { validationFailed } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { issueWsToken } from '../realtime/ws-tokens.js';
import { DEFAULT_REALTIME_OPTIONS } from '../realtime/realtime-options.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import { ensureManagedKey } from '../mcp/managed-key.js';

const SCOPES = new Set(['chat']);

export function registerCopilotRoutes(
  app: FastifyInstance,
  database: Database,
  given: Partial<CopilotOptions> = {},
  wsTokenLimit: Limit = DEFAULT_REALTIME_OPTIONS.wsTokenLimit,
) {
  const options: CopilotOptions = { ...DEFAULT_COPILOT_OPTIONS, ...given };
  const { db } = database;
  const secret = loadCopilotSecret({ secret: options.secret, dataDir: options.dataDir });

  registerRoute(app, routes.issueCopilotSession, async ({ body, principal }) => {
    if (!SCOPES.has(body.scope)) throw validationFailed('scope', 'unknown scope');
    const { user, sessionIdHash } = principal;
    const claims = newSessionClaims(user.id, loginTagOf(secret, sessionIdHash));
    // The Copilot reads and writes the user's memory as their managed key, made with the first session.
    await ensureManagedKey(db, user.id);
    // The same per-user bucket as POST /v1/auth/ws-token: a token costs the same from either door.
    if (body.include_ws_token) await hitRateLimit(db, `ws-token:user:${user.id}`, wsTokenLimit);
    const wsToken = body.include_ws_token ? await issueWsToken(db, user.id, sessionIdHash) : undefined;
    return {
      session_id: claims.sessionId,
      nonce: claims.nonce,
      signed_headers: signSession(secret, claims),
      expires_at: new Date(claims.expires * 1000).toISOString(),
      user_id: user.id,
      ...(wsToken ? { ws_token: wsToken } : {}),
    };
  });

  // History: the caller's own conversations only (another user's answers 404, as if absent).
  registerRoute(app, routes.listCopilotConversations, async ({ user, query }) => listConversations(db, user.id, query));
  registerRoute(app, routes.getCopilotConversation, async ({ user, params }) =>
    readConversation(db, user.id, params.id),
  );
  registerRoute(app, routes.deleteCopilotConversation, async ({ user, params }) => {
    await deleteConversation(db, user.id, params.id);
    return null;
  });

  registerChatService(app, {
    db,
    secret,
    publish: options.publish ?? hubPublisher(app),
    model: options.model,
    rateLimit: options.chatRateLimit,
    translation: options.translation,
    paths: [routes.copilotChat.path],
  });

  // Served from code so that it exists without the built web app; the hash is its ETag.
  registerRoute(app, routes.getCopilotTemplates, async ({ request, reply }) => {
    const etag = `"${COPILOT_TEMPLATES.hash}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      reply.status(304);
      return undefined;
    }
    return COPILOT_TEMPLATES;
  });

  registerRoute(app, routes.getCopilotConfig, async ({ reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return { chat_url: options.chatUrl, assistant: options.model ? 'model' : 'retrieval' } as const;
  });
}
