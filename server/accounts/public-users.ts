// A user's public page: handle, names, photo, bio, languages, the public email (never the
// login email, phone or user id), links, public collections and organizations with the user's role.
import { sql } from 'drizzle-orm';
import { HANDLE_PATTERN, type PublicUser } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { collectionsOfUser } from './profile-collections.js';

/**
 * The id and handle of a user people can see: the handle matched case-insensitively, accounts
 * with an unconfirmed email left out. Anything that cannot be a handle is not looked up.
 */
export async function findVisibleUser(db: Db, typed: string): Promise<{ id: string; username: string } | null> {
  const username = typed.trim().toLowerCase();
  if (!HANDLE_PATTERN.test(username)) return null;
  const [row] = await sqlRows<{ id: string; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE username = ${username} AND email_verified_at IS NOT NULL`,
  );
  return row ?? null;
}

interface PublicUserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  bio: string | null;
  languages: string[] | null;
  public_email: string | null;
  linkedin_url: string | null;
  website_url: string | null;
}

export async function getPublicUser(db: Db, typed: string): Promise<PublicUser> {
  const username = typed.trim().toLowerCase();
  const [row] = HANDLE_PATTERN.test(username)
    ? await sqlRows<PublicUserRow>(
        db,
        sql`SELECT id, username, first_name, last_name, photo_url, bio, languages, public_email, linkedin_url, website_url
            FROM users WHERE username = ${username} AND email_verified_at IS NOT NULL`,
      )
    : [];
  if (!row) throw notFound(`User "${typed}"`);
  const [organizations, collections] = await Promise.all([
    sqlRows<PublicUser['organizations'][number]>(
      db,
      sql`SELECT o.id, o.slug, o.name, m.role FROM org_members m JOIN organizations o ON o.id = m.org_id
          WHERE m.user_id = ${row.id} ORDER BY o.name, o.slug`,
    ),
    collectionsOfUser(db, row.id),
  ]);
  return {
    username: row.username,
    name: { first: row.first_name, last: row.last_name },
    photo_url: row.photo_url,
    bio: row.bio,
    languages: row.languages ?? [],
    email: row.public_email,
    links: { linkedin: row.linkedin_url, website: row.website_url },
    collections,
    organizations,
  };
}
