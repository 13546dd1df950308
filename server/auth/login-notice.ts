// Tells an account's owner that sign-in attempts were blocked (issue 15), at most once per lock
// window, with a password-reset link: the owner can always get in through the mailbox, and the
// reset lifts every lock and delay. Runs after the answer (the route's background runner), so
// the answer takes as long whether the account exists or not.
import ipaddr from 'ipaddr.js';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { loginBlockedMessage } from '../mail/account-messages.js';
import { issueToken } from './email-tokens.js';
import type { AccountsContext } from './install.js';
import { mailLanguage } from './languages.js';
import type { BlockedLogins } from './log-in.js';
import { claimBlockNotice } from './login-throttle.js';

/** Mails the owner unless a notice went out within the lock window. */
export async function sendBlockedLoginsNotice(
  db: Db,
  context: AccountsContext,
  blocked: BlockedLogins,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await claimBlockNotice(db, blocked.accountKey, context.lockSeconds))) return;
  const [user] = await sqlRows<{ email: string; first_name: string; language: string | null }>(
    db,
    sql`SELECT email, first_name, language FROM users WHERE id = ${blocked.userId}`,
  );
  if (!user) return;
  // A new link beside any the owner already has (revoking those would let a stranger kill them).
  const token = await issueToken(db, blocked.userId, 'reset_password');
  const message = loginBlockedMessage(
    user.email,
    user.first_name,
    {
      reset: `${context.publicUrl}/auth/reset?token=${token}`,
      // Only a real address goes into the mail (never text from a header).
      address: blocked.kind === 'source' && isAddress(blocked.address) ? blocked.address : undefined,
      minutes: Math.max(1, Math.round(context.lockSeconds / 60)),
    },
    mailLanguage(user.language, undefined),
  );
  try {
    await context.mailer.send(message);
  } catch (error) {
    log.error({ err: error, userId: blocked.userId }, 'sending the blocked-logins email failed');
  }
}

/** An IPv4 address or an IPv6 /64 as rateLimitAddress writes them. */
function isAddress(address: string): boolean {
  const bare = address.endsWith('::/64') ? address.slice(0, -'/64'.length) : address;
  return ipaddr.isValid(bare);
}
