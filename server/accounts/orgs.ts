// Organizations: create one (the caller becomes its owner; limited per user), list the caller's
// (keyset pages), read one with its members (members only) and pending invitations (owners and
// admins), and the public page.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORG_SLUG_PATTERN,
  type CreateOrgRequest,
  type Org,
  type OrgRole,
  type PublicOrg,
} from '../../src/api/contract/orgs.js';
import type { Db } from '../db/client.js';
import type { UserPrincipal } from '../auth/principal.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import { conflict, notFound, validationFailed } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { canRenameOrg, canSeeOrgInvitations, canSeeOrgMembers } from '../policies/orgs.js';
import { sqlRows, TIMESTAMP_TEXT, type Tx } from '../db/sql.js';
import { decodeCursor, encodeCursor } from '../collections/cursor.js';
import { cleanLine, cleanOptional } from './clean-text.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { collectionsOfOrg } from './profile-collections.js';

type Location = { city: string; country: string };

/**
 * Issue 15 (L5): one account once made 300 organizations in 2 s and sent invitations as fast.
 * Creation and invitations are counted per user in the shared rate_limits table (429
 * rate_limited with retry_after); pending invitations are capped per organization and per
 * invitee (409 invitation_quota_exceeded), so a flood of them cannot hide the real ones (the
 * invitee's list shows the newest 100).
 */
export interface OrgLimits {
  createPerHour: Limit;
  createPerDay: Limit;
  invitesPerHour: Limit;
  pendingInvitationsPerOrg: number;
  pendingInvitationsPerInvitee: number;
}

export const DEFAULT_ORG_LIMITS: OrgLimits = {
  createPerHour: { limit: 20, windowSeconds: 3600 },
  createPerDay: { limit: 50, windowSeconds: 86_400 },
  invitesPerHour: { limit: 60, windowSeconds: 3600 },
  pendingInvitationsPerOrg: 100,
  pendingInvitationsPerInvitee: 50,
};

/** Counts one organization made by `userId`; 429 over either window. */
export async function hitOrgCreationLimit(db: Db, userId: string, limits: OrgLimits): Promise<void> {
  await hitRateLimit(db, `org-create-hour:user:${userId}`, limits.createPerHour);
  await hitRateLimit(db, `org-create-day:user:${userId}`, limits.createPerDay);
}

export interface OrgRow {
  id: string;
  name: string;
  slug: string;
  abbreviation: string | null;
  website: string | null;
  locations: Location[] | null;
}

const ORG_COLUMNS = sql`o.id, o.name, o.slug, o.abbreviation, o.website, o.locations`;

const slugTaken = (slug: string) =>
  conflict('slug_taken', `The address "${slug}" is taken by another organization`, 'slug');

/** The slug as stored (lowercase), or null when the text cannot be one (then nothing is looked up). */
export function normalizeSlug(typed: string): string | null {
  const slug = typed.trim().toLowerCase();
  return ORG_SLUG_PATTERN.test(slug) ? slug : null;
}

/** The organization of a slug, or 404 not_found. */
export async function findOrg(db: Db, typed: string): Promise<OrgRow> {
  const slug = normalizeSlug(typed);
  const [row] = slug
    ? await sqlRows<OrgRow>(db, sql`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.slug = ${slug}`)
    : [];
  if (!row) throw notFound(`Organization "${typed}"`);
  return row;
}

/** The caller's role in an organization, or null for a non-member. */
export async function roleIn(db: Db | Tx, orgId: string, userId: string): Promise<OrgRole | null> {
  const [row] = await sqlRows<{ role: OrgRole }>(
    db,
    sql`SELECT role FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`,
  );
  return row?.role ?? null;
}

/**
 * Owners first, then admins, then members; by handle within a role. Pending invitations (never
 * members) follow for owners and admins only, newest first.
 */
export async function orgWithMembers(db: Db | Tx, org: OrgRow, principal: UserPrincipal, role: OrgRole): Promise<Org> {
  const members = await sqlRows<Org['members'][number]>(
    db,
    sql`SELECT u.username, u.first_name, u.last_name, m.role
        FROM org_members m JOIN users u ON u.id = m.user_id
        WHERE m.org_id = ${org.id}
        ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, u.username`,
  );
  const invitations = canSeeOrgInvitations(principal, role)
    ? await sqlRows<Org['invitations'][number]>(
        db,
        sql`SELECT u.username, u.first_name, u.last_name, i.role, b.username AS invited_by,
              to_char(i.created_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS created_at
            FROM org_invitations i JOIN users u ON u.id = i.user_id JOIN users b ON b.id = i.invited_by
            WHERE i.org_id = ${org.id}
            ORDER BY i.created_at DESC, u.username`,
      )
    : [];
  return { ...summaryOf(org), role, members, invitations };
}

function summaryOf(org: OrgRow) {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    abbreviation: org.abbreviation,
    website: org.website,
    locations: org.locations ?? [],
  };
}

export async function createOrg(
  db: Db,
  principal: UserPrincipal,
  request: z.output<typeof CreateOrgRequest>,
  limits: OrgLimits,
): Promise<Org> {
  const name = cleanLine(request.name);
  if (name.length < 2) throw validationFailed('name', 'too short');
  const locations = request.locations.map((location, index) => {
    const city = cleanLine(location.city);
    if (city === '') throw validationFailed(`locations.${index}.city`, 'must not be empty');
    return { city, country: location.country };
  });
  const org: OrgRow = {
    id: randomUUID(),
    name,
    slug: request.slug,
    abbreviation: cleanOptional(request.abbreviation) ?? null,
    website: cleanOptional(request.website) ?? null,
    locations,
  };
  // Counted before the slug is looked up, so probing for free slugs counts too.
  await hitOrgCreationLimit(db, principal.user.id, limits);
  const taken = await sqlRows(db, sql`SELECT 1 FROM organizations WHERE slug = ${org.slug}`);
  if (taken.length > 0) throw slugTaken(org.slug);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO organizations (id, slug, name, abbreviation, website, locations)
            VALUES (${org.id}, ${org.slug}, ${org.name}, ${org.abbreviation}, ${org.website}, ${JSON.stringify(locations)}::jsonb)`,
      );
      await tx.execute(
        sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${principal.user.id}, 'owner')`,
      );
    });
  } catch (error) {
    // Another request created the same slug between the check and the insert.
    if (uniqueViolation(error) !== undefined) throw slugTaken(org.slug);
    throw error;
  }
  return orgWithMembers(db, org, principal, 'owner');
}

type OrgListRow = OrgRow & { role: OrgRole; member_count: number };

/** One page of the caller's organizations by name then slug (unique), after `cursor`'s row. */
export async function listMyOrgs(db: Db, userId: string, page: { limit: number; cursor?: string | undefined }) {
  const after = page.cursor === undefined ? undefined : decodeCursor<[string, string]>(page.cursor, ['text', 'text']);
  const rows = await sqlRows<OrgListRow>(
    db,
    sql`SELECT ${ORG_COLUMNS}, m.role,
          (SELECT count(*)::int FROM org_members x WHERE x.org_id = o.id) AS member_count
        FROM org_members m JOIN organizations o ON o.id = m.org_id
        WHERE m.user_id = ${userId}
          ${after ? sql`AND (o.name, o.slug) > (${after[0]}, ${after[1]})` : sql``}
        ORDER BY o.name, o.slug
        LIMIT ${page.limit + 1}`,
  );
  const items = rows
    .slice(0, page.limit)
    .map((row) => ({ ...summaryOf(row), role: row.role, member_count: Number(row.member_count) }));
  const last = items.at(-1);
  return { items, next_cursor: rows.length > page.limit && last ? encodeCursor([last.name, last.slug]) : null };
}

/** Locks the organization's row for the rest of the transaction; 404 when unknown. */
export async function lockOrg(tx: Tx, typed: string): Promise<OrgRow> {
  const slug = normalizeSlug(typed);
  const [org] = slug
    ? await sqlRows<OrgRow>(tx, sql`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.slug = ${slug} FOR UPDATE`)
    : [];
  if (!org) throw notFound(`Organization "${typed}"`);
  return org;
}

/** Renames an organization (its name, its slug or both): owners only; 409 slug_taken for a slug in use. */
export async function renameOrg(
  db: Db,
  typed: string,
  principal: UserPrincipal,
  request: { name?: string | undefined; slug?: string | undefined },
): Promise<Org> {
  const name = request.name === undefined ? undefined : cleanLine(request.name);
  if (name !== undefined && name.length < 2) throw validationFailed('name', 'too short');
  try {
    const { org, role } = await db.transaction(async (tx) => {
      const current = await lockOrg(tx, typed);
      const role = await roleIn(tx, current.id, principal.user.id);
      authorize(canRenameOrg(principal, role), 'Only owners rename an organization');
      const org = { ...current, name: name ?? current.name, slug: request.slug ?? current.slug };
      if (org.slug !== current.slug) {
        const taken = await sqlRows(tx, sql`SELECT 1 FROM organizations WHERE slug = ${org.slug}`);
        if (taken.length > 0) throw slugTaken(org.slug);
      }
      await tx.execute(sql`UPDATE organizations SET name = ${org.name}, slug = ${org.slug} WHERE id = ${org.id}`);
      return { org, role: role! };
    });
    return orgWithMembers(db, org, principal, role);
  } catch (error) {
    // Another organization took the slug between the check and the update.
    if (uniqueViolation(error) !== undefined) throw slugTaken(request.slug ?? '');
    throw error;
  }
}

/** An organization with its members, for its members only (403 forbidden for others). */
export async function getOrgForMember(db: Db, typed: string, principal: UserPrincipal): Promise<Org> {
  const org = await findOrg(db, typed);
  const role = await roleIn(db, org.id, principal.user.id);
  authorize(canSeeOrgMembers(principal, role), 'Only members see an organization’s members');
  return orgWithMembers(db, org, principal, role!);
}

export async function getPublicOrg(db: Db, typed: string): Promise<PublicOrg> {
  const org = await findOrg(db, typed);
  const { id: _id, ...summary } = summaryOf(org);
  return { ...summary, collections: await collectionsOfOrg(db, org.id) };
}
