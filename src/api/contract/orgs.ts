// Organizations: their members with roles, and their public page.
import { z } from 'zod';
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

export const CreateOrgRequest = z.object({
  name: z.string().trim().min(2).max(120),
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
export const AddOrgMemberRequest = z.object({ username: Handle, role: OrgRole.default('member') });
export const UpdateOrgMemberRequest = z.object({ role: OrgRole });

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
});
export type Org = z.infer<typeof Org>;

export const OrgSummary = Org.omit({ members: true }).extend({ member_count: z.number().int() });
export const OrgList = z.object({ items: z.array(OrgSummary) });

export const PublicOrg = z.object({
  name: z.string(),
  slug: z.string(),
  abbreviation: z.string().nullable(),
  website: z.string().nullable(),
  locations: z.array(OrgLocation),
  collections: z.array(ProfileCollection),
});
export type PublicOrg = z.infer<typeof PublicOrg>;
