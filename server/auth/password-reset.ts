// Password recovery. Forgot: always the same answer, given before this work runs (the route runs
// it in the background, so the answer takes as long for a known address as for an unknown one:
// tests/server/auth-enumeration.test.ts compares the medians); for an existing account a new
// reset link (1 hour, single use) replaces earlier ones and is mailed. Reset: one transaction uses
// the token, sets the new hash, marks the email verified (the link proved the mailbox; not while
// another verified account holds the phone), unlocks and ends every session.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { invalidOrExpiredToken } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { passwordResetMessage } from '../mail/account-messages.js';
import { consumeToken, issueToken, peekToken, revokeTokens } from './email-tokens.js';
import type { AccountsContext } from './install.js';
import { mailLanguage } from './languages.js';
import { hashPassword } from './password-hash.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { clearLoginFailures } from './login-throttle.js';

/** Mails a new reset link when an account has this email; otherwise nothing. */
export async function requestPasswordReset(
  db: Db,
  context: AccountsContext,
  email: string,
  acceptLanguage: string | undefined,
  log: FastifyBaseLogger,
) {
  const [user] = await sqlRows<{ id: string; first_name: string; language: string | null }>(
    db,
    sql`SELECT id, first_name, language FROM users WHERE email = ${email}`,
  );
  if (!user) return;
  const token = await db.transaction(async (tx) => {
    await revokeTokens(tx, user.id, 'reset_password');
    return issueToken(tx, user.id, 'reset_password');
  });
  const link = `${context.publicUrl}/auth/reset?token=${token}`;
  const message = passwordResetMessage(email, user.first_name, link, mailLanguage(user.language, acceptLanguage));
  try {
    await context.mailer.send(message);
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'sending the reset email failed');
  }
}

/** Sets the new password; returns the user id whose sessions were all ended. */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<string> {
  const holder = await peekToken(db, token, 'reset_password');
  if (!holder) throw invalidOrExpiredToken();
  await assertPasswordAcceptable(newPassword, [holder.email, holder.first_name, holder.last_name], 'new_password');
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    // Consumed here, not at the peek: of two racing resets only one wins.
    const userId = await consumeToken(tx, token, 'reset_password');
    if (!userId) throw invalidOrExpiredToken();
    // The link proved the mailbox, so the address counts as verified, unless another verified
    // account holds the phone meanwhile (a phone belongs to one verified account, migration 0016).
    await tx.execute(
      sql`UPDATE users SET password_hash = ${passwordHash},
                           email_verified_at = CASE
                             WHEN email_verified_at IS NOT NULL THEN email_verified_at
                             WHEN EXISTS (SELECT 1 FROM users o WHERE o.phone = users.phone AND o.id <> users.id
                                                                  AND o.email_verified_at IS NOT NULL) THEN NULL
                             ELSE now() END,
                           version = version + 1, updated_at = now()
          WHERE id = ${userId}`,
    );
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
    // Every failed-login lock and delay of the account goes too (issue 15).
    await clearLoginFailures(tx, holder.email, userId);
    return userId;
  });
}
