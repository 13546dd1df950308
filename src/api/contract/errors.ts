// Every `detail` code the server can answer, closed: the server throws only these (through the
// factories in server/http/errors.ts) and the client turns each into a catalogue message.
import { z } from 'zod';

export const ERROR_CODES = [
  // Requests
  'validation_failed',
  'bad_request',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'internal_error',
  'try_again',
  'database_unavailable',
  // Sessions and permissions
  'not_authenticated',
  'forbidden',
  'csrf_failed',
  'rate_limited',
  'precondition_failed',
  'precondition_required',
  // Accounts
  'invalid_credentials',
  'account_locked',
  'email_not_verified',
  'invalid_or_expired_token',
  'email_already_exists',
  'phone_already_exists',
  'phone_invalid',
  'phone_invalid_format',
  'password_too_weak',
  'password_too_common',
  'password_incorrect',
  'org_ownership_transfer_required',
  'handle_taken',
  'slug_taken',
  'already_member',
  'last_owner',
  'already_invited',
  'invitation_quota_exceeded',
  'org_has_collections',
  // Collections
  'team_needs_org_owner',
  'owner_is_not_maintainer',
  'already_in_collection',
  'already_maintainer',
  'quota_exceeded',
  'no_version_on_date',
  'owner_handle_mismatch',
  'vanity_handle_taken',
  // Copilot
  'copilot_session_invalid',
  'copilot_session_expired',
  'copilot_templates_changed',
  'copilot_model_failed',
  // Translations
  'same_language',
  'fragment_has_no_text',
  'no_translation_available',
  'group_node_mismatch',
  'translation_exists',
  'translation_provider_timeout',
  'translation_provider_busy',
  'translation_provider_failed',
  // API keys and MCP memory
  'scopes_required',
  'invalid_scope',
  'description_too_long',
  'expires_at_invalid',
  'expires_at_in_past',
  'organization_id_required',
  'organization_id_not_allowed',
  'organization_not_found',
  'org_role_required',
  'api_key_revoked',
  'api_key_expired',
  'api_key_rotated',
  'api_key_invalid',
  'api_key_missing',
  'api_key_in_query',
  'api_key_quota_exceeded',
  'managed_key',
  'memory_quota_exceeded',
  'insufficient_scope',
  // Imports through the server (operators)
  'operator_required',
  'import_token_invalid',
  'import_running',
  'no_files',
  'invalid_file_path',
  'too_many_files',
  'file_too_large',
  'upload_stalled',
  // Law from the official services (operators)
  'source_id_invalid',
  'source_act_not_found',
  'source_failed',
  'source_offline',
  'source_import_running',
  'source_imports_busy',
  'import_interrupted',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && ERROR_CODE_SET.has(value);

/** Every failure leaves the server as `{detail}` with a stable machine-readable code. */
export const ErrorBody = z.object({
  detail: z.enum(ERROR_CODES).describe('Stable error code, e.g. validation_failed, not_found'),
  field: z.string().optional().describe('The request field that failed validation'),
  message: z.string().optional().describe('Human-readable explanation (English)'),
  retry_after: z.number().int().optional().describe('Seconds to wait (rate_limited, database_unavailable)'),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
