// Registration: checks in the order a person fixes them (phone format and validity, password
// policy, then email and phone uniqueness), inserts the user with a fresh handle and a
// verification token in one transaction, and sends the verification email. The 409s name a taken
// address or phone (the form says which), so what they reveal is bounded (issue 15): the caller is
// rate-limited per IP and per address (routes/auth.ts), the password is hashed before the look-up
// (both answers cost the same), the address's owner gets a mail about the attempt (at most one an
// hour), a phone counts as taken only by a verified account, and an unverified account older than
// UNVERIFIED_ACCOUNT_DAYS counts as gone (and is deleted, here and by the periodic clean-up).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RegisterRequest } from '../../src/api/contract/auth.js';
import { cleanName } from '../accounts/clean-text.js';
import type { Db } from '../db/client.js';
import { conflict, tryAgain } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { registrationAttemptMessage, type MailLanguage } from '../mail/account-messages.js';
import type { RunInBackground } from './background-work.js';
import { PHONE_INDEX, sendVerificationMail } from './email-verification.js';
import { issueToken } from './email-tokens.js';
import { handleCandidates } from './handle-from-name.js';
import type { AccountsContext } from './install.js';
import { hashPassword } from './password-hash.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { normalizePhone } from './phone-number.js';
import { DEFAULT_RATE_LIMITS, hitRateLimit, withinRateLimit, type Limit } from './rate-limit.js';
import { sha256 } from './secret-token.js';
import { uniqueViolation } from './unique-violation.js';

type RegisterInput = z.output<typeof RegisterRequest>;

/** An account whose address was never confirmed is deleted after this many days. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;
/** The owner of an address hears about registration attempts on it at most this often. */
export const ATTEMPT_NOTICE_LIMIT: Limit = { limit: 1, windowSeconds: 3600 };

const emailTaken = () => conflict('email_already_exists', 'An account with this email exists', 'email');
const phoneTaken = () => conflict('phone_already_exists', 'An account with this phone number exists', 'phone');

/** SQL: the user row `u` still counts (verified, or unverified for less than UNVERIFIED_ACCOUNT_DAYS). */
const liveAccount = sql`(u.email_verified_at IS NOT NULL
  OR u.created_at > now() - make_interval(days => ${UNVERIFIED_ACCOUNT_DAYS}))`;

export async function registerAccount(
  db: Db,
  context: AccountsContext,
  input: RegisterInput,
  language: MailLanguage | null,
  log: FastifyBaseLogger,
  runInBackground: RunInBackground,
): Promise<void> {
  const phone = normalizePhone(input.phone);
  const firstName = cleanName(input.first_name);
  const lastName = cleanName(input.last_name);
  await assertPasswordAcceptable(input.password, [input.email, firstName, lastName]);
  // Hashed before the look-up: a taken address answers no faster than a free one.
  const passwordHash = await hashPassword(input.password);

  // Probing one address (from any number of IPs) is bounded here, where the answer would tell.
  const perEmail = context.rateLimits.registerPerEmail ?? DEFAULT_RATE_LIMITS.registerPerEmail!;
  await hitRateLimit(db, `register:email:${sha256(input.email)}`, perEmail);

  // Cheap early answers; the unique indexes still decide races below.
  const [existing] = await sqlRows<{
    owner_id: string | null;
    owner_first_name: string | null;
    owner_language: string | null;
    phone_taken: boolean;
  }>(
    db,
    sql`SELECT owner.id AS owner_id, owner.first_name AS owner_first_name, owner.language AS owner_language,
               EXISTS (SELECT 1 FROM users u WHERE u.phone = ${phone} AND u.email_verified_at IS NOT NULL) AS phone_taken
        FROM (SELECT 1) AS one
        LEFT JOIN LATERAL (SELECT u.id, u.first_name, u.language FROM users u
                           WHERE u.email = ${input.email} AND ${liveAccount}) AS owner ON true`,
  );
  if (existing?.owner_id) {
    const owner = { firstName: existing.owner_first_name ?? '', language: existing.owner_language };
    runInBackground('mailing a registration attempt to the owner', log, () =>
      noticeAttempt(db, context, input.email, owner),
    );
    throw emailTaken();
  }
  if (existing?.phone_taken) throw phoneTaken();

  const id = randomUUID();
  let token: string | undefined;
  // A handle taken between our look-up and the insert costs one more round.
  for (let attempt = 0; attempt < 5 && token === undefined; attempt += 1) {
    const username = await freeHandle(db, handleCandidates(firstName, lastName));
    try {
      token = await db.transaction(async (tx) => {
        // An expired unverified account no longer holds its address.
        await tx.execute(
          sql`DELETE FROM users u WHERE u.email = ${input.email} AND u.email_verified_at IS NULL AND NOT ${liveAccount}`,
        );
        await tx.execute(
          sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, language)
              VALUES (${id}, ${input.email}, ${phone}, ${username}, ${passwordHash}, ${firstName}, ${lastName}, ${language})`,
        );
        return issueToken(tx, id, 'verify_email');
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key') throw emailTaken();
      if (constraint === PHONE_INDEX) throw phoneTaken();
      if (constraint !== 'users_username_key') throw error;
    }
  }
  if (token === undefined) throw tryAgain('Could not pick a handle, try again');

  const recipient = { userId: id, email: input.email, firstName, language: language ?? 'en' };
  await sendVerificationMail(context, recipient, token, log);
}

/**
 * Tells an address's owner that someone tried to register it (at most once per ATTEMPT_NOTICE_LIMIT
 * window): they may have forgotten the account. Nothing the caller typed goes into the mail.
 */
async function noticeAttempt(
  db: Db,
  context: AccountsContext,
  email: string,
  owner: { firstName: string; language: string | null },
): Promise<void> {
  if (!(await withinRateLimit(db, `register-notice:${sha256(email)}`, ATTEMPT_NOTICE_LIMIT))) return;
  const language: MailLanguage = owner.language === 'cs' ? 'cs' : 'en';
  const links = { login: `${context.publicUrl}/auth/login`, reset: `${context.publicUrl}/auth/forgot` };
  await context.mailer.send(registrationAttemptMessage(email, owner.firstName, links, language));
}

/** Deletes accounts whose address was not confirmed within UNVERIFIED_ACCOUNT_DAYS; how many. */
export async function deleteExpiredUnverifiedAccounts(db: Db): Promise<number> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM users u WHERE u.email_verified_at IS NULL AND NOT ${liveAccount} RETURNING u.id`,
  );
  return rows.length;
}

/** The first free handle among the candidates (checked in batches of ten). */
async function freeHandle(db: Db, candidates: Generator<string>): Promise<string> {
  for (;;) {
    const batch = Array.from({ length: 10 }, () => candidates.next().value as string);
    const taken = new Set(
      (
        await sqlRows<{ username: string }>(
          db,
          sql`SELECT username FROM users WHERE username IN (${sql.join(
            batch.map((h) => sql`${h}`),
            sql`, `,
          )})`,
        )
      ).map((row) => row.username),
    );
    const free = batch.find((handle) => !taken.has(handle));
    if (free) return free;
  }
}
