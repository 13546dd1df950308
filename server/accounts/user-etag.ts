// The user's ETag: a strong validator derived from users.version, which every change of the
// user row (handle, profile, language) increments; If-Match carries it on handle changes.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { ApiError, notFound } from '../http/api-error.js';
import { sqlRows } from '../library/sql-rows.js';

/** `"u<first 8 hex digits of the id>-v<version>"`: distinct per user and per change. */
export function userEtag(userId: string, version: number): string {
  return `"u${userId.replaceAll('-', '').slice(0, 8)}-v${version}"`;
}

export async function currentUserEtag(db: Db, userId: string): Promise<string> {
  const [row] = await sqlRows<{ version: number }>(db, sql`SELECT version FROM users WHERE id = ${userId}`);
  if (!row) throw notFound('User');
  return userEtag(userId, Number(row.version));
}

/** The If-Match header, or 428 precondition_required when the request has none. */
export function requireIfMatch(request: FastifyRequest): string {
  const header = request.headers['if-match'];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') {
    throw new ApiError(428, 'precondition_required', 'Send the ETag of GET /users/{id}/etag in If-Match');
  }
  return value;
}

/**
 * RFC 9110 If-Match: `*` (the user exists, which it does) or a list of entity tags compared
 * strongly, so a weak tag (W/"...") never matches.
 */
export function ifMatchHolds(header: string, current: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === current);
}

export const staleEtag = () =>
  new ApiError(412, 'precondition_failed', 'The user changed since its ETag was read; read the ETag again');
