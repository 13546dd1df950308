// Rate limits of the reads that cost the server real work per request (find in a whole version,
// the whole version exported as HTML): counted per logged-in user, else per client address (an
// IPv6 /64 as one), in the shared rate_limits table, so they hold across instances. Cheap reads
// (a page of fragments, a document) are not limited.
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { rateLimitAddress } from '../auth/client-address.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';

/** Who a costly read is counted for: the user, else the address. */
export function readerOf(principal: Principal, request: FastifyRequest): string {
  return principal.kind === 'user' ? `user:${principal.user.id}` : `ip:${rateLimitAddress(request.ip)}`;
}

/** Counts one costly read of `what` (find, export) for the caller; 429 rate_limited over `limit`. */
export async function hitReadLimit(
  db: Db,
  what: string,
  principal: Principal,
  request: FastifyRequest,
  limit: Limit,
): Promise<void> {
  await hitRateLimit(db, `${what}:${readerOf(principal, request)}`, limit);
}
