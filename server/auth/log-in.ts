// Login: the same 401 invalid_credentials, in about the same time, for an unknown email and a
// wrong password (an unknown email is checked against a dummy hash). A locked account answers
// 423 account_locked whatever the password; email_not_verified comes only after the password
// was right, so it reveals nothing to someone without the password.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountLocked, emailNotVerified, invalidCredentials } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import type { AccountsContext } from './install.js';
import { verifyDummyPassword, verifyPassword } from './password-hash.js';

/** The user id when the credentials are right and the account may log in; throws otherwise. */
export async function checkCredentials(
  db: Db,
  context: AccountsContext,
  email: string,
  password: string,
): Promise<string> {
  const [user] = await sqlRows<{
    id: string;
    password_hash: string;
    locked: boolean;
    verified: boolean;
    failed_logins: number;
  }>(
    db,
    sql`SELECT id, password_hash, coalesce(locked_until > now(), false) AS locked,
               email_verified_at IS NOT NULL AS verified, failed_logins
        FROM users WHERE email = ${email}`,
  );
  if (!user) {
    await verifyDummyPassword(password);
    throw invalidCredentials();
  }
  const passwordRight = await verifyPassword(user.password_hash, password);
  // While locked, even the right password does not open the account (nor do failures count).
  if (user.locked) throw accountLocked();
  if (!passwordRight) {
    const [after] = await sqlRows<{ locked: boolean }>(
      db,
      sql`UPDATE users SET
            failed_logins = CASE WHEN failed_logins + 1 >= ${context.maxFailedLogins} THEN 0 ELSE failed_logins + 1 END,
            locked_until = CASE WHEN failed_logins + 1 >= ${context.maxFailedLogins}
                                THEN now() + make_interval(secs => ${context.lockSeconds}) ELSE locked_until END
          WHERE id = ${user.id}
          RETURNING coalesce(locked_until > now(), false) AS locked`,
    );
    // The failure that locks the account already says so.
    throw after?.locked ? accountLocked() : invalidCredentials();
  }
  if (Number(user.failed_logins) > 0) {
    await db.execute(sql`UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = ${user.id}`);
  }
  if (!user.verified) throw emailNotVerified();
  return user.id;
}
