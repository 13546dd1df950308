// Registration: checks in the order a person fixes them (phone format and validity, password
// policy, then email and phone uniqueness), hashes the password, inserts the user with a fresh
// handle and a verification token in one transaction, and sends the verification email.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RegisterRequest } from '../../src/api/contract/auth.js';
import type { Db } from '../db/client.js';
import { conflict, tryAgain } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import type { MailLanguage } from '../mail/account-messages.js';
import { sendVerificationMail } from './email-verification.js';
import { issueToken } from './email-tokens.js';
import { handleCandidates } from './handle-from-name.js';
import type { AccountsContext } from './install.js';
import { hashPassword } from './password-hash.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { normalizePhone } from './phone-number.js';
import { uniqueViolation } from './unique-violation.js';

type RegisterInput = z.output<typeof RegisterRequest>;

const emailTaken = () => conflict('email_already_exists', 'An account with this email exists', 'email');
const phoneTaken = () => conflict('phone_already_exists', 'An account with this phone number exists', 'phone');

export async function registerAccount(
  db: Db,
  context: AccountsContext,
  input: RegisterInput,
  language: MailLanguage | null,
  log: FastifyBaseLogger,
): Promise<void> {
  const phone = normalizePhone(input.phone);
  await assertPasswordAcceptable(input.password, [input.email, input.first_name, input.last_name]);

  // Cheap early answers; the unique indexes still decide races below.
  const [existing] = await sqlRows<{ email_taken: boolean; phone_taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE email = ${input.email}) AS email_taken,
               EXISTS (SELECT 1 FROM users WHERE phone = ${phone}) AS phone_taken`,
  );
  if (existing?.email_taken) throw emailTaken();
  if (existing?.phone_taken) throw phoneTaken();

  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  let token: string | undefined;
  // A handle taken between our look-up and the insert costs one more round.
  for (let attempt = 0; attempt < 5 && token === undefined; attempt += 1) {
    const username = await freeHandle(db, handleCandidates(input.first_name, input.last_name));
    try {
      token = await db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, language)
              VALUES (${id}, ${input.email}, ${phone}, ${username}, ${passwordHash}, ${input.first_name}, ${input.last_name}, ${language})`,
        );
        return issueToken(tx, id, 'verify_email');
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key') throw emailTaken();
      if (constraint === 'users_phone_key') throw phoneTaken();
      if (constraint !== 'users_username_key') throw error;
    }
  }
  if (token === undefined) throw tryAgain('Could not pick a handle, try again');

  const recipient = { userId: id, email: input.email, firstName: input.first_name, language: language ?? 'en' };
  await sendVerificationMail(context, recipient, token, log);
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
