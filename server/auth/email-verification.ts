// Email verification: the link's token confirms the address once (48 hours, single use); the
// link is mailed at registration and again on request (resend-verification). Every link mailed
// stays valid until its own expiry, and the first one used verifies the address.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { conflict } from '../http/errors.js';
import { verificationMessage, type MailLanguage } from '../mail/account-messages.js';
import { consumeToken, issueToken } from './email-tokens.js';
import type { AccountsContext } from './install.js';
import { mailLanguage } from './languages.js';
import { uniqueViolation } from './unique-violation.js';

/**
 * Confirms the address of a verification token; false when the token is bad, used or expired,
 * or the address is verified already (by another link or a password reset): such a link answers
 * as a used one does.
 */
export async function verifyEmailToken(db: Db, token: string): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const userId = await consumeToken(tx, token, 'verify_email');
      if (!userId) return false;
      const verified = await sqlRows<{ id: string }>(
        tx,
        sql`UPDATE users SET email_verified_at = now() WHERE id = ${userId} AND email_verified_at IS NULL RETURNING id`,
      );
      return verified.length > 0;
    });
  } catch (error) {
    // A phone is held only by a verified account: another one verified it first (the link stays unused).
    if (uniqueViolation(error) === PHONE_INDEX) throw phoneTakenOnVerify();
    throw error;
  }
}

/** The unique index that keeps a phone to one verified account (migration 0016). */
export const PHONE_INDEX = 'users_phone_verified_key';

const phoneTakenOnVerify = () =>
  conflict('phone_already_exists', 'Another verified account has this phone number', 'phone');

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
 * Sends another verification link when an unverified account has this email; otherwise nothing
 * (the caller answers ok either way, without waiting for this). Earlier links are NOT revoked:
 * they only prove the inbox, and revoking them would let anyone who knows the address kill the
 * link the owner is about to click.
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
  const token = await issueToken(db, user.id, 'verify_email');
  const language = mailLanguage(user.language, acceptLanguage);
  await sendVerificationMail(context, { userId: user.id, email, firstName: user.first_name, language }, token, log);
}
