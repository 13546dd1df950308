// Organizations: their members with roles, invitations (nobody becomes a member without
// accepting), renaming and deleting, and their public page.
import { z } from 'zod';
import { pageLimit } from './common';
import { Handle, ProfileCollection, RESERVED_HANDLES } from './users';

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export const OrgRole = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRole>;

export const ORG_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,49}$/;
export const OrgSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(ORG_SLUG_PATTERN, 'slug_invalid')
  .refine((value) => !(RESERVED_HANDLES as readonly string[]).includes(value), 'slug_reserved');

export const OrgLocation = z.object({
  city: z.string().trim().min(1).max(100),
  /** ISO 3166-1 alpha-2, e.g. CZ. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
});

const Website = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\//i.test(value), 'url_must_be_http')
  .pipe(z.url());

const OrgName = z.string().trim().min(2).max(120);
const Timestamp = z.iso.datetime({ offset: true });

export const CreateOrgRequest = z.object({
  name: OrgName,
  slug: OrgSlug,
  abbreviation: z.string().trim().max(20).optional().nullable(),
  website: z
    .union([Website, z.literal('')])
    .optional()
    .nullable(),
  locations: z.array(OrgLocation).max(20).default([]),
});

export const OrgSlugParams = z.object({ slug: z.string().min(1).max(100) });
export const OrgMemberParams = z.object({ slug: z.string().min(1).max(100), username: z.string().min(1).max(100) });

export const OrgMember = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: OrgRole,
});
/** Invites someone: they become a member with `role` only once they accept. */
export const AddOrgMemberRequest = z.object({ username: Handle, role: OrgRole.default('member') });
export const UpdateOrgMemberRequest = z.object({ role: OrgRole });
/** Owners rename an organization; a field left out stays as it is. A new slug must be free (409 slug_taken). */
export const UpdateOrgRequest = z.object({ name: OrgName.optional(), slug: OrgSlug.optional() });

/** An invitation not yet answered, as the organization's owners and admins see it. */
export const OrgPendingInvitation = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The role the invitee gets on accepting. */
  role: OrgRole,
  /** The handle of the owner or admin who invited. */
  invited_by: z.string(),
  created_at: Timestamp,
});

export const Org = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  abbreviation: z.string().nullable(),
  website: z.string().nullable(),
  locations: z.array(OrgLocation),
  /** The caller's role in it. */
  role: OrgRole,
  members: z.array(OrgMember),
  /** Pending invitations (not members): listed for owners and admins, empty for members. */
  invitations: z.array(OrgPendingInvitation),
});
export type Org = z.infer<typeof Org>;

export const OrgSummary = Org.omit({ members: true, invitations: true }).extend({ member_count: z.number().int() });
export const OrgListQuery = z.object({
  limit: pageLimit(50, 200),
  cursor: z.string().max(400).optional().describe('next_cursor of the previous page'),
});
export const OrgList = z.object({
  items: z.array(OrgSummary),
  /** The next page's cursor; null (or, from an older server, absent) on the last page. */
  next_cursor: z.string().nullable().default(null),
});

/** What DELETE /orgs/{slug} removed. */
export const DeletedOrg = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

/** An invitation to the caller, answered under Teams. */
export const MyOrgInvitation = z.object({
  org: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  role: OrgRole,
  invited_by: z.object({ username: z.string(), first_name: z.string(), last_name: z.string() }),
  created_at: Timestamp,
});
export type MyOrgInvitation = z.infer<typeof MyOrgInvitation>;
export const MyOrgInvitationList = z.object({ items: z.array(MyOrgInvitation) });

export const PublicOrg = z.object({
  name: z.string(),
  slug: z.string(),
  abbreviation: z.string().nullable(),
  website: z.string().nullable(),
  locations: z.array(OrgLocation),
  collections: z.array(ProfileCollection),
});
export type PublicOrg = z.infer<typeof PublicOrg>;
