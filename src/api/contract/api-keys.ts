// API keys (issue 12): scoped secrets that open an owner's memory to AI agents through /mcp.
// Managed under /v1/api-keys with a login session; the secret travels only in the create and
// rotate answers. Request fields are checked by the server so each problem has its own code.
import { z } from 'zod';
import { Uuid, listOf } from './common';

/** memory.manage includes memory.write, which includes memory.read. */
export const API_KEY_SCOPES = ['memory.read', 'memory.write', 'memory.manage'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const ApiKeyOwnerType = z.enum(['user', 'organization']);
export type ApiKeyOwnerType = z.infer<typeof ApiKeyOwnerType>;

export const ApiKeyStatus = z.enum(['active', 'revoked', 'expired']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

/** A description is at most this long (longer: 400 description_too_long). */
export const API_KEY_DESCRIPTION_MAX = 200;
/** Active keys an owner may hold (managed keys not counted); more: 409 api_key_quota_exceeded. */
export const API_KEY_QUOTA = { user: 20, organization: 50 } as const;
export const ROTATE_OVERLAP_MAX_SECONDS = 86_400;

const Timestamp = z.iso.datetime({ offset: true });

export const ApiKey = z.object({
  id: Uuid,
  prefix: z.string().describe('The first 12 characters of the secret (lxh_ and 8 more), for recognizing it'),
  scopes: z.array(ApiKeyScope),
  status: ApiKeyStatus,
  managed: z.boolean().describe("The Copilot's own key: never shown, rotated or revoked"),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
  description: z.string(),
  owner_type: ApiKeyOwnerType,
  organization_id: Uuid.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyWithSecret = ApiKey.extend({
  secret: z.string().describe('lxh_ + 30 base62 + 6 base62 CRC32; shown this once, never stored'),
});
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecret>;

export const ApiKeyList = listOf(ApiKey);

/** Whose keys: the caller's (default) or an organization's (its owners and admins). */
export const ApiKeyOwnerQuery = z.object({
  owner_type: ApiKeyOwnerType.default('user'),
  organization_id: z.string().optional(),
});
export type ApiKeyOwnerQuery = z.infer<typeof ApiKeyOwnerQuery>;

/**
 * Loose on purpose: the server answers each problem with its own code (scopes_required,
 * invalid_scope, description_too_long, expires_at_invalid, expires_at_in_past,
 * organization_id_required, organization_id_not_allowed). Omitted scopes mean ['memory.read'].
 */
export const CreateApiKeyRequest = z.object({
  scopes: z.array(z.string()).optional(),
  description: z.string().optional(),
  owner_type: ApiKeyOwnerType.default('user'),
  organization_id: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional().describe('ISO 8601 timestamp with offset; null or absent: never'),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const RotateApiKeyRequest = z
  .object({
    overlap_seconds: z.coerce
      .number()
      .int()
      .min(0)
      .max(ROTATE_OVERLAP_MAX_SECONDS)
      .default(0)
      .describe('How long the old secret keeps working (0-86,400 s)'),
  })
  .default({ overlap_seconds: 0 });

export const ApiKeyEventType = z.enum(['created', 'rotated', 'revoked', 'used', 'denied', 'expired']);
export type ApiKeyEventType = z.infer<typeof ApiKeyEventType>;

export const ApiKeyEvent = z.object({
  id: Uuid,
  key_id: Uuid,
  key_prefix: z.string(),
  event_type: ApiKeyEventType,
  created_at: Timestamp,
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type ApiKeyEvent = z.infer<typeof ApiKeyEvent>;

export const ApiKeyEventsQuery = ApiKeyOwnerQuery.extend({
  key_id: Uuid.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ApiKeyEventList = listOf(ApiKeyEvent);
