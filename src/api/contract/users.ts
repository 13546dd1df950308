// Handles, profiles and the public view of a user.
import { z } from 'zod';
import { NAME_MAX_LENGTH } from './auth';

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9_-]{3,30}$/;
/** Words a handle or an organization slug may not be: they are (or may become) route names. */
export const RESERVED_HANDLES = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'collections',
  'copilot',
  'docs',
  'documents',
  'editor',
  'healthz',
  'help',
  'login',
  'logout',
  'me',
  'memory',
  'new',
  'org',
  'orgs',
  'privacy',
  'public',
  'register',
  'root',
  'search',
  'settings',
  'static',
  'support',
  'system',
  'teams',
  'terms',
  'tools',
  'u',
  'user',
  'users',
  'v1',
  'ws',
  'www',
] as const;

export const Handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, 'handle_invalid')
  .refine((value) => !(RESERVED_HANDLES as readonly string[]).includes(value), 'handle_reserved');

export const UserIdParams = z.object({ id: z.uuid() });
export const UsernameParams = z.object({ username: z.string().min(1).max(100) });

export const UserEtag = z.object({ etag: z.string() });
export const HandlePatch = z.object({ username: Handle });
export const HandleResponse = z.object({ username: z.string(), etag: z.string() });

const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\//i.test(value), 'url_must_be_http')
  .pipe(z.url());
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** What the user edits on the profile settings screen. Empty strings clear a field. */
export const ProfilePatch = z.object({
  /** At most NAME_MAX_LENGTH characters; control characters and line breaks are stripped. */
  first_name: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  last_name: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  photo_url: z
    .union([HttpUrl, z.literal('')])
    .nullable()
    .optional(),
  bio: optionalText(2000),
  /** Languages the user reads or writes, ISO 639-1 codes. */
  languages: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2,3}$/),
    )
    .max(30)
    .optional(),
  public_email: z
    .union([z.string().trim().toLowerCase().max(254).pipe(z.email()), z.literal('')])
    .nullable()
    .optional(),
  linkedin_url: z
    .union([HttpUrl, z.literal('')])
    .nullable()
    .optional(),
  website_url: z
    .union([HttpUrl, z.literal('')])
    .nullable()
    .optional(),
});

/** The fields the own profile and the public view both show, the same way in both. */
const profileShape = {
  username: z.string(),
  photo_url: z.string().nullable(),
  bio: z.string().nullable(),
  languages: z.array(z.string()),
};

export const Profile = z.object({
  id: z.uuid(),
  ...profileShape,
  first_name: z.string(),
  last_name: z.string(),
  public_email: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  website_url: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * A public collection as a profile lists it: one the user or organization owns or maintains.
 * The link is /u|org/{owner_handle}/{slug} by owner_type (the owner need not be the profile's).
 */
export const ProfileCollection = z.object({
  collection_id: z.uuid(),
  role: z.enum(['owner', 'maintainer']),
  owner_type: z.enum(['user', 'org']),
  owner_handle: z.string(),
  slug: z.string(),
  name: z.string(),
});
export type ProfileCollection = z.infer<typeof ProfileCollection>;

export const PublicUser = z.object({
  ...profileShape,
  /** Either may be empty (registration leaves names optional). */
  name: z.object({ first: z.string(), last: z.string() }),
  /** The public email the user chose to show (never the login email). */
  email: z.string().nullable(),
  links: z.object({ linkedin: z.string().nullable(), website: z.string().nullable() }),
  collections: z.array(ProfileCollection),
  organizations: z.array(
    z.object({ id: z.uuid(), slug: z.string(), name: z.string(), role: z.enum(['owner', 'admin', 'member']) }),
  ),
});
export type PublicUser = z.infer<typeof PublicUser>;
