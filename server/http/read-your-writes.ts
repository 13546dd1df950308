// Routing of reads with a read replica (DATABASE_READ_URL), and "read your writes": a read request
// (GET, HEAD, or a POST that only reads) may be answered by the standby; a signed-in user's write
// leaves its WAL position in a cookie, and that user's reads go to the primary until the standby
// has replayed it. A cookie, not the session row or memory, so every instance behind a load
// balancer sees it without another write. It holds no secret: a forged value can only send its
// own sender's reads to the primary (or to a standby that lags behind their own writes).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routePattern } from '../../src/api/contract/route.js';
import { routes } from '../../src/api/contract/routes.js';
import type { Database } from '../db/client.js';
import { runWithReadRoute, type ReadRoute } from '../db/read-route.js';
import { parseWalPosition } from '../db/wal-position.js';

export const READ_AFTER_COOKIE = 'lexhub_read_after';
/**
 * How long a write keeps its author's reads on the primary at most: a standby further behind
 * than this shows them older data (it is also far behind for everyone; see docs/OPERATIONS.md).
 */
export const READ_AFTER_SECONDS = 300;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** POST routes that only read (a batch of ids in the body). */
const READ_ONLY_POSTS = new Set([routePattern(routes.getFragmentTexts).replace(/\{(\w+)\}/g, ':$1')]);

const isRead = (request: FastifyRequest) =>
  SAFE_METHODS.has(request.method) ||
  (request.method === 'POST' && READ_ONLY_POSTS.has(request.routeOptions.url ?? ''));

/** Installs the hooks; without a replica there is nothing to route. After installAccounts (cookies, principal). */
export function installReadYourWrites(app: FastifyInstance, database: Database) {
  const replica = database.replica;
  if (!replica) return;
  const openRoutes = new WeakMap<FastifyRequest, ReadRoute>();

  // preHandler: the principal and the body are known, and the handler runs inside this call.
  app.addHook('preHandler', (request, _reply, done) => {
    const route: ReadRoute = {
      replica: isRead(request),
      afterWrite: parseWalPosition(request.cookies[READ_AFTER_COOKIE]),
    };
    openRoutes.set(request, route);
    runWithReadRoute(route, done);
  });

  // Work the request started and that outlives it (a timer) reads from the primary.
  app.addHook('onResponse', async (request) => {
    const route = openRoutes.get(request);
    if (route) route.replica = false;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isRead(request) || request.principal?.kind !== 'user' || reply.statusCode >= 400) return payload;
    try {
      const position = await replica.primaryWritePosition();
      reply.setCookie(READ_AFTER_COOKIE, position, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: request.protocol === 'https',
        maxAge: READ_AFTER_SECONDS,
      });
    } catch {
      // The primary is away: the write itself went through, its reads may lag behind it.
    }
    return payload;
  });
}
