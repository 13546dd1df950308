// Who runs this Lexhub instance: operators are the accounts named in OPERATOR_EMAILS. They may
// import documents through the server (POST /v1/admin/imports); issue 16 builds more on them.
import type { SessionUser } from '../auth/principal.js';

/** OPERATOR_EMAILS as the policy compares it: trimmed, lowercased, empty entries dropped. */
export function operatorEmailSet(emails: readonly string[]): ReadonlySet<string> {
  return new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean));
}

/**
 * Only a verified address counts: otherwise anyone could register an operator's address before
 * its owner does and import as them (registration does not prove the address).
 */
export const isOperator = (user: Pick<SessionUser, 'email' | 'emailVerified'>, operators: ReadonlySet<string>) =>
  user.emailVerified && operators.has(user.email.trim().toLowerCase());
