// POST /mcp: the Model Context Protocol over Streamable HTTP (the official SDK, stateless: no
// Mcp-Session-Id, a new transport per request on a pooled server, so any instance answers any
// request), authenticated
// by an API key; and the protected-resource metadata a 401 points to. Order: the URL (no key in
// it), the Origin, the key, the key's rate limit (all before the body is read), then the body's
// tool call against the key's scopes, then the SDK.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/api/contract/api-keys.js';
import {
  MCP_BODY_LIMIT_BYTES,
  MCP_CALLS_PER_MINUTE,
  MCP_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  type ProtectedResourceMetadata,
} from '../../src/api/contract/mcp.js';
import { recordKeyDenied } from '../api-keys/events.js';
import { keyVerifier } from '../api-keys/key-cache.js';
import { noteExpiredKeys, type VerifiedKey } from '../api-keys/verify.js';
import { backgroundRunner } from '../auth/background-work.js';
import { bufferedRateLimiter, type Limit } from '../auth/rate-limit.js';
import type { Database } from '../db/client.js';
import { ApiError, apiKeyInQuery, apiKeyUnauthorized, insufficientScope, originNotAllowed } from '../http/errors.js';
import { scopesAllow } from '../policies/api-keys.js';
import { keyUseRecorder } from './key-use.js';
import { serveMcpRequest, rpcError } from './serve.js';
import { mcpServerPool } from './server-pool.js';
import {
  bearerOf,
  baseUrlOf,
  insufficientScopeChallenge,
  keyInUrl,
  originAllowed,
  unauthorizedChallenge,
} from './request-checks.js';
import { toolNamed } from './tool-set.js';

export interface McpOptions {
  /** PUBLIC_URL: the origin browsers may call from and the base of the metadata address; else the request's. */
  publicUrl?: string;
  /** Calls a key may make per window (default MCP_CALLS_PER_MINUTE a minute). */
  rateLimit?: Limit;
}

const EXPIRED_KEYS_EVERY_MS = 60 * 60 * 1000;

/** The first tools/call in the message (or batch) naming a tool the scopes do not allow. */
function refusedCall(body: unknown, scopes: readonly ApiKeyScope[]): { tool: string; scope: ApiKeyScope } | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const tool = toolNamed(params.name);
    if (tool && !scopesAllow(scopes, tool.scope)) return { tool: tool.name, scope: tool.scope };
  }
  return undefined;
}

export function registerMcpRoutes(app: FastifyInstance, database: Database, options: McpOptions = {}) {
  const { publicUrl } = options;
  const { db } = database;
  const rateLimit = options.rateLimit ?? { limit: MCP_CALLS_PER_MINUTE, windowSeconds: 60 };
  const keys = new WeakMap<FastifyRequest, VerifiedKey>();
  const recordUse = keyUseRecorder(db, backgroundRunner(app));
  // Counted per instance, added to the shared counters every second (bound: rate-limit.ts).
  const limiter = bufferedRateLimiter(db);
  const servers = mcpServerPool();
  // Verified keys remembered for seconds, forgotten on every instance when a key changes (bound: key-cache.ts).
  const verifier = keyVerifier(database);
  app.addHook('onClose', () => limiter.close());
  app.addHook('onClose', () => verifier.close());

  const checkUrlAndOrigin = async (request: FastifyRequest) => {
    if (keyInUrl(request.url)) throw apiKeyInQuery();
    if (!originAllowed(request, publicUrl)) throw originNotAllowed();
  };

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    await checkUrlAndOrigin(request);
    // Only the header: cookies (a browser's session) never authenticate /mcp.
    const secret = bearerOf(request.headers.authorization);
    const verified = secret === undefined ? undefined : await verifier.verify(secret, request.ip);
    if (!verified?.ok) {
      reply.header('WWW-Authenticate', unauthorizedChallenge(request, publicUrl, verified === undefined));
      throw verified?.error ?? apiKeyUnauthorized('api_key_missing');
    }
    const key = verified.key;
    try {
      await limiter.hit(`mcp:${key.id}`, rateLimit);
    } catch (error) {
      if (error instanceof ApiError) await recordKeyDenied(db, key.id, request.ip, 'rate_limited');
      throw error;
    }
    keys.set(request, key);
    // After the answer, whatever it was (hijacked by the SDK or not): never delaying it.
    reply.raw.once('finish', () => recordUse(key.id, request.ip, request.log));
  };

  app.post(
    MCP_PATH,
    { config: { csrf: false }, bodyLimit: MCP_BODY_LIMIT_BYTES, onRequest: authenticate },
    async (request, reply) => {
      const key = keys.get(request)!;
      // A JSON-RPC batch is that many calls: the request itself was counted once already.
      if (Array.isArray(request.body) && request.body.length > 1) {
        try {
          await limiter.hit(`mcp:${key.id}`, rateLimit, request.body.length - 1);
        } catch (error) {
          if (error instanceof ApiError) await recordKeyDenied(db, key.id, request.ip, 'rate_limited');
          throw error;
        }
      }
      const refused = refusedCall(request.body, key.scopes);
      if (refused) {
        await recordKeyDenied(db, key.id, request.ip, 'insufficient_scope', refused);
        reply.header('WWW-Authenticate', insufficientScopeChallenge(request, publicUrl, refused.scope));
        throw insufficientScope(refused.scope);
      }
      await serveMcpRequest(servers, request, reply, { db, key, owner: key.owner, log: request.log });
    },
  );

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header('Allow', 'POST')
      .type('application/json')
      .send(rpcError(-32000, 'Method not allowed: this server is stateless, use POST'));
  app.get(MCP_PATH, { onRequest: checkUrlAndOrigin }, methodNotAllowed);
  app.delete(MCP_PATH, { config: { csrf: false }, onRequest: checkUrlAndOrigin }, methodNotAllowed);

  // RFC 9728: what the resource is and how to present a key (no authorization server: keys are
  // made by their owners on /settings/api-keys).
  const metadata = async (request: FastifyRequest, reply: FastifyReply) => {
    const body: ProtectedResourceMetadata = {
      resource: `${baseUrlOf(request, publicUrl)}${MCP_PATH}`,
      resource_name: 'Lexhub',
      scopes_supported: [...API_KEY_SCOPES],
      bearer_methods_supported: ['header'],
    };
    return reply.header('Cache-Control', 'public, max-age=3600').send(body);
  };
  app.get(PROTECTED_RESOURCE_METADATA_PATH, metadata);
  app.get('/.well-known/oauth-protected-resource', metadata);

  // Hourly: an `expired` event for keys that expired unused (a use notes it at once).
  const noteExpired = async () => {
    try {
      await noteExpiredKeys(db);
    } catch (error) {
      app.log.warn({ err: error }, 'api keys: noting expired keys failed');
    }
  };
  const timer = setInterval(() => void noteExpired(), EXPIRED_KEYS_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
