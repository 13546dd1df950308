// Organizations: create one (the caller becomes its owner), list the caller's, read one with
// its members (members only) and the public page.
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
import { conflict, notFound, validationFailed } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { canSeeOrgMembers } from '../policies/orgs.js';
import { sqlRows } from '../db/sql.js';
import { cleanLine, cleanOptional } from './clean-text.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { collectionsOfOrg } from './profile-collections.js';

type Location = { city: string; country: string };

interface OrgRow {
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
export async function roleIn(db: Db, orgId: string, userId: string): Promise<OrgRole | null> {
  const [row] = await sqlRows<{ role: OrgRole }>(
    db,
    sql`SELECT role FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`,
  );
  return row?.role ?? null;
}

/** Owners first, then admins, then members; by handle within a role. */
export async function orgWithMembers(db: Db, org: OrgRow, role: OrgRole): Promise<Org> {
  const members = await sqlRows<Org['members'][number]>(
    db,
    sql`SELECT u.username, u.first_name, u.last_name, m.role
        FROM org_members m JOIN users u ON u.id = m.user_id
        WHERE m.org_id = ${org.id}
        ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, u.username`,
  );
  return { ...summaryOf(org), role, members };
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

export async function createOrg(db: Db, ownerId: string, request: z.output<typeof CreateOrgRequest>): Promise<Org> {
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
  const taken = await sqlRows(db, sql`SELECT 1 FROM organizations WHERE slug = ${org.slug}`);
  if (taken.length > 0) throw slugTaken(org.slug);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO organizations (id, slug, name, abbreviation, website, locations)
            VALUES (${org.id}, ${org.slug}, ${org.name}, ${org.abbreviation}, ${org.website}, ${JSON.stringify(locations)}::jsonb)`,
      );
      await tx.execute(sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${ownerId}, 'owner')`);
    });
  } catch (error) {
    // Another request created the same slug between the check and the insert.
    if (uniqueViolation(error) !== undefined) throw slugTaken(org.slug);
    throw error;
  }
  return orgWithMembers(db, org, 'owner');
}

export async function listMyOrgs(db: Db, userId: string) {
  const rows = await sqlRows<OrgRow & { role: OrgRole; member_count: number }>(
    db,
    sql`SELECT ${ORG_COLUMNS}, m.role,
          (SELECT count(*)::int FROM org_members x WHERE x.org_id = o.id) AS member_count
        FROM org_members m JOIN organizations o ON o.id = m.org_id
        WHERE m.user_id = ${userId}
        ORDER BY o.name, o.slug`,
  );
  return rows.map((row) => ({ ...summaryOf(row), role: row.role, member_count: Number(row.member_count) }));
}

/** An organization with its members, for its members only (403 forbidden for others). */
export async function getOrgForMember(db: Db, typed: string, principal: UserPrincipal): Promise<Org> {
  const org = await findOrg(db, typed);
  const role = await roleIn(db, org.id, principal.user.id);
  authorize(canSeeOrgMembers(principal, role), 'Only members see an organization’s members');
  return orgWithMembers(db, org, role!);
}

export async function getPublicOrg(db: Db, typed: string): Promise<PublicOrg> {
  const org = await findOrg(db, typed);
  const { id: _id, ...summary } = summaryOf(org);
  return { ...summary, collections: await collectionsOfOrg(db, org.id) };
}
