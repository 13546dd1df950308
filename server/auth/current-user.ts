// The logged-in user as the contract's CurrentUser: from the session's user, or read by id
// right after login.
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../src/api/contract/auth.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { isOperator } from '../policies/operators.js';
import type { SessionUser } from './principal.js';

/** `operators`: OPERATOR_EMAILS (operatorEmailSet), so the web app can show the import page. */
export function toCurrentUser(user: SessionUser, operators: ReadonlySet<string> = new Set()): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    language: user.language,
    email_verified: user.emailVerified,
    operator: isOperator(user, operators),
  };
}

export async function loadCurrentUser(
  db: Db,
  userId: string,
  operators: ReadonlySet<string> = new Set(),
): Promise<CurrentUser> {
  const [row] = await sqlRows<Omit<CurrentUser, 'language'> & { language: string | null }>(
    db,
    sql`SELECT id, username, email, first_name, last_name, language, email_verified_at IS NOT NULL AS email_verified
        FROM users WHERE id = ${userId}`,
  );
  if (!row) throw new Error('user vanished during login');
  return {
    ...row,
    language: row.language === 'en' || row.language === 'cs' ? row.language : null,
    operator: isOperator({ email: row.email, emailVerified: row.email_verified }, operators),
  };
}
