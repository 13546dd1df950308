// The user's ETag: a strong validator derived from users.version, which every change of the
// user row (handle, profile, language) increments; If-Match carries it on handle changes.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { notFound, preconditionFailed, preconditionRequired } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';

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
    throw preconditionRequired('Send the ETag of GET /users/{id}/etag in If-Match');
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

export const staleEtag = () => preconditionFailed('The user changed since its ETag was read; read the ETag again');
