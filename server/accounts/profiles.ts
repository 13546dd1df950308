// The user's own profile: read it for editing and change it. Empty strings clear optional
// fields; text is stored as typed (minus control characters); a real change bumps `version`.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Profile, ProfilePatch } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';
import { notFound, validationFailed } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { cleanLine, cleanName, cleanOptional, cleanText } from './clean-text.js';
import { userEtag } from './user-etag.js';

type Patch = z.output<typeof ProfilePatch>;

interface ProfileRow extends Profile {
  version: number;
}

const PROFILE_COLUMNS = sql`id, username, first_name, last_name, photo_url, bio, languages, public_email,
  linkedin_url, website_url, version`;

function toProfile(row: ProfileRow): { profile: Profile; etag: string } {
  const { version, ...profile } = row;
  return { profile: { ...profile, languages: profile.languages ?? [] }, etag: userEtag(row.id, Number(version)) };
}

export async function getProfile(db: Db, userId: string): Promise<{ profile: Profile; etag: string }> {
  const [row] = await sqlRows<ProfileRow>(db, sql`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = ${userId}`);
  if (!row) throw notFound('User');
  return toProfile(row);
}

function requiredName(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  // One line, no controls, at most NAME_MAX_LENGTH: names reach the greeting of account emails.
  const cleaned = cleanName(value);
  if (cleaned === '') throw validationFailed(field, 'must not be empty');
  return cleaned;
}

/** The columns a patch sets, cleaned; absent fields are left alone. */
function assignments(patch: Patch): { column: string; value: SQL }[] {
  const text = (value: string | null) => sql`${value}::text`;
  const values: [string, SQL | undefined][] = [];
  const firstName = requiredName(patch.first_name, 'first_name');
  const lastName = requiredName(patch.last_name, 'last_name');
  if (firstName !== undefined) values.push(['first_name', text(firstName)]);
  if (lastName !== undefined) values.push(['last_name', text(lastName)]);
  for (const [column, value, clean] of [
    ['photo_url', patch.photo_url, cleanLine],
    ['bio', patch.bio, cleanText],
    ['public_email', patch.public_email, cleanLine],
    ['linkedin_url', patch.linkedin_url, cleanLine],
    ['website_url', patch.website_url, cleanLine],
  ] as const) {
    const cleaned = cleanOptional(value, clean);
    if (cleaned !== undefined) values.push([column, text(cleaned)]);
  }
  if (patch.languages !== undefined) {
    values.push(['languages', sql`${sql.param([...new Set(patch.languages)])}::text[]`]);
  }
  return values
    .filter((entry): entry is [string, SQL] => entry[1] !== undefined)
    .map(([column, value]) => ({ column, value }));
}

export async function patchProfile(db: Db, userId: string, patch: Patch): Promise<{ profile: Profile; etag: string }> {
  const changes = assignments(patch);
  if (changes.length === 0) return getProfile(db, userId);
  const columns = sql.join(
    changes.map((change) => sql.identifier(change.column)),
    sql`, `,
  );
  const values = sql.join(
    changes.map((change) => change.value),
    sql`, `,
  );
  const sets = sql.join(
    changes.map((change) => sql`${sql.identifier(change.column)} = ${change.value}`),
    sql`, `,
  );
  // Only a real change moves the version, so saving an unchanged form keeps ETags valid.
  const changed = sql`ROW(${columns}) IS DISTINCT FROM ROW(${values})`;
  const [row] = await sqlRows<ProfileRow>(
    db,
    sql`UPDATE users SET ${sets},
          version = CASE WHEN ${changed} THEN version + 1 ELSE version END,
          updated_at = CASE WHEN ${changed} THEN now() ELSE updated_at END
        WHERE id = ${userId}
        RETURNING ${PROFILE_COLUMNS}`,
  );
  if (!row) throw notFound('User');
  return toProfile(row);
}
