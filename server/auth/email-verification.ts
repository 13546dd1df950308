// Email verification: the link's token confirms the address once (48 hours, single use); the
// link is mailed at registration and again on request (resend-verification).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { verificationMessage, type MailLanguage } from '../mail/account-messages.js';
import { consumeToken, issueToken, revokeTokens } from './email-tokens.js';
import type { AccountsContext } from './install.js';
import { mailLanguage } from './languages.js';

/** Confirms the address of a verification token; false when the token is bad, used or expired. */
export async function verifyEmailToken(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email');
    if (!userId) return false;
    await tx.execute(sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${userId}`);
    return true;
  });
}

export interface VerificationRecipient {
  userId: string;
  email: string;
  firstName: string;
  language: MailLanguage;
}

/** Mails the verification link; a failure is logged, not thrown (the account exists either way). */
export async function sendVerificationMail(
  context: AccountsContext,
  to: VerificationRecipient,
  token: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const link = `${context.publicUrl}/v1/auth/verify?token=${token}`;
  try {
    await context.mailer.send(verificationMessage(to.email, to.firstName, link, to.language));
  } catch (error) {
    // A password reset also verifies the address, so the user is not stuck.
    log.error({ err: error, userId: to.userId }, 'sending the verification email failed');
  }
}

/**
 * Sends a new verification link when an unverified account has this email; otherwise nothing
 * (the caller answers ok either way). The new link replaces earlier ones, as reset links do: of
 * several mails only the newest link works, so a leaked older mail opens nothing. The mail goes
 * out in the background, so the answer takes about as long whether or not the account exists.
 */
export async function resendVerification(
  db: Db,
  context: AccountsContext,
  email: string,
  acceptLanguage: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const [user] = await sqlRows<{ id: string; first_name: string; language: string | null }>(
    db,
    sql`SELECT id, first_name, language FROM users WHERE email = ${email} AND email_verified_at IS NULL`,
  );
  if (!user) return;
  const token = await db.transaction(async (tx) => {
    await revokeTokens(tx, user.id, 'verify_email');
    return issueToken(tx, user.id, 'verify_email');
  });
  const language = mailLanguage(user.language, acceptLanguage);
  void sendVerificationMail(context, { userId: user.id, email, firstName: user.first_name, language }, token, log);
}
