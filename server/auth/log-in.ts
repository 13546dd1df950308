// Login: the same answers, in about the same time, for an unknown email and a wrong password (an
// unknown email is checked against a dummy hash and has the same locks and delays). Repeated
// failures lock out the source that failed, not the account (login-throttle.ts): 423
// account_locked for that address or browser whatever the password, while the owner signs in
// from elsewhere or from a browser that signed in before. email_not_verified comes only after the
// password was right, so it reveals nothing to someone without the password.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountLocked, emailNotVerified, invalidCredentials, rateLimited } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import type { AccountsContext } from './install.js';
import type { LoginDevice } from './login-device.js';
import {
  DEFAULT_LOGIN_DELAY,
  accountKeyOf,
  claimAttempt,
  forgetFailures,
  rememberDevice,
  type LoginSources,
} from './login-throttle.js';
import { verifyDummyPassword, verifyPassword } from './password-hash.js';
import { hitRateLimit } from './rate-limit.js';

export interface LoginAttempt {
  /** The identifier, as the contract normalized it. */
  email: string;
  password: string;
  /** The client address as rate limits count it (rateLimitAddress). */
  address: string;
  device: LoginDevice;
}

/** Attempts on an existing account were blocked: the owner may be told (login-notice.ts). */
export interface BlockedLogins {
  userId: string;
  accountKey: string;
  /** 'source': this address or browser is now locked out; 'account': the delay across sources began. */
  kind: 'source' | 'account';
  address: string;
}

/**
 * The user id when the credentials are right and the account may log in; throws otherwise.
 * `onBlocked` hears when this failure locked a source or began the account's delay.
 */
export async function checkCredentials(
  db: Db,
  context: AccountsContext,
  attempt: LoginAttempt,
  onBlocked: (blocked: BlockedLogins) => void,
): Promise<string> {
  const accountKey = accountKeyOf(attempt.email);
  const [user] = await sqlRows<{ id: string; password_hash: string; verified: boolean; known_device: boolean }>(
    db,
    sql`SELECT u.id, u.password_hash, u.email_verified_at IS NOT NULL AS verified,
               EXISTS (SELECT 1 FROM login_devices d
                       WHERE d.user_id = u.id AND d.device_hash = ${attempt.device.hash}) AS known_device
        FROM users u WHERE u.email = ${attempt.email}`,
  );
  const sources: LoginSources = {
    accountKey,
    ipKey: `ip:${attempt.address}`,
    deviceKey: `device:${attempt.device.hash}`,
    knownDevice: user?.known_device === true,
  };
  // Per identifier and address: counted across every address, 11 attempts a minute from anyone
  // would keep the owner on any new browser at 429 for good. Across addresses the account's
  // growing delay (claimAttempt) is what bounds guessing; a known device is held back by neither.
  if (!sources.knownDevice)
    await hitRateLimit(db, `login:id:${accountKey}:${attempt.address}`, context.rateLimits.loginPerIdentifier);
  const claim = await claimAttempt(db, sources, {
    maxFailures: context.maxFailedLogins,
    lockSeconds: context.lockSeconds,
    delay: context.rateLimits.loginDelay ?? DEFAULT_LOGIN_DELAY,
  });
  // Refused before any password check: a locked source learns nothing more, and costs no hashing.
  if (claim.kind === 'locked') throw accountLocked();
  if (claim.kind === 'wait') throw rateLimited(claim.seconds);

  const passwordRight = user ? await verifyPassword(user.password_hash, attempt.password) : await dummyCheck(attempt);
  if (!user || !passwordRight) {
    if (user && (claim.lockStarted || claim.delayStarted)) {
      onBlocked({
        userId: user.id,
        accountKey,
        kind: claim.lockStarted ? 'source' : 'account',
        address: attempt.address,
      });
    }
    // The failure that locks the source already says so.
    throw claim.lockStarted ? accountLocked() : invalidCredentials();
  }
  await forgetFailures(db, sources);
  if (!user.verified) throw emailNotVerified();
  await rememberDevice(db, user.id, attempt.device.hash);
  return user.id;
}

async function dummyCheck(attempt: LoginAttempt): Promise<false> {
  await verifyDummyPassword(attempt.password);
  return false;
}
