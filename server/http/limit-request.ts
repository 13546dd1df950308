// Counts a request against a rate limit for a route. Over the limit the reply gets Retry-After
// before the 429 is thrown, so every limited route tells the client when to come back.
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { RateLimitedError, hitRateLimit, type Limit } from '../auth/rate-limit.js';

export async function limitRequest(db: Db, reply: FastifyReply, key: string, bucket: Limit): Promise<void> {
  try {
    await hitRateLimit(db, key, bucket);
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
