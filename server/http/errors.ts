// Every failure the server answers with: ApiError carries a status and a contract ErrorCode, and
// the named factories below are the only way server code makes one (the error handler sends them).
import type { ErrorBody, ErrorCode } from '../../src/api/contract/errors.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: ErrorCode,
    message: string,
    /** The request field at fault, shown beside that field. */
    readonly field?: string,
    /** Seconds until a rate-limited caller may try again (also sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON answer: `{detail, message, field?, retry_after?}`. */
  toBody(): ErrorBody {
    return {
      detail: this.detail,
      message: this.message,
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.retryAfter !== undefined ? { retry_after: this.retryAfter } : {}),
    };
  }
}

// Requests
export const validationFailed = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `${field}: ${problem}`, field);
/** Malformed in a way no single field explains (a bad URL, a wrong Content-Length). */
export const malformedRequest = (message: string) => new ApiError(400, 'validation_failed', message);
/** Another 4xx of the framework, keeping its status. */
export const badRequest = (message: string, status = 400) => new ApiError(status, 'bad_request', message);
export const invalidJson = (message: string) => new ApiError(400, 'invalid_json', message);
export const payloadTooLarge = (message: string) => new ApiError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new ApiError(415, 'unsupported_media_type', message);
export const notFound = (what: string, field?: string) => new ApiError(404, 'not_found', `${what} not found`, field);
export const noRoute = (method: string, path: string) => new ApiError(404, 'not_found', `No route ${method} ${path}`);
export const internalError = () => new ApiError(500, 'internal_error', 'Internal server error');
export const tryAgain = (message: string) => new ApiError(503, 'try_again', message);
/** The database cannot be reached (a restart, a dropped connection): come back in `retryAfter` seconds. */
export const databaseUnavailable = (retryAfter: number) =>
  new ApiError(503, 'database_unavailable', 'The database is not available, try again shortly', undefined, retryAfter);

// Sessions and permissions
export const notAuthenticated = () => new ApiError(401, 'not_authenticated', 'Log in first');
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const csrfFailed = () => new ApiError(403, 'csrf_failed', 'Missing or wrong X-CSRF-Token header');
export const rateLimited = (retryAfter: number) =>
  new ApiError(429, 'rate_limited', 'Too many attempts, try again later', undefined, retryAfter);
export const preconditionRequired = (message: string) => new ApiError(428, 'precondition_required', message);
export const preconditionFailed = (message: string) => new ApiError(412, 'precondition_failed', message);

/** The 409 codes: something with that name or role already exists, or must stay. */
export type ConflictCode = Extract<
  ErrorCode,
  | 'email_already_exists'
  | 'phone_already_exists'
  | 'handle_taken'
  | 'slug_taken'
  | 'already_member'
  | 'last_owner'
  | 'owner_is_not_maintainer'
  | 'already_in_collection'
  | 'already_maintainer'
  | 'quota_exceeded'
  | 'vanity_handle_taken'
  | 'copilot_templates_changed'
  | 'translation_exists'
>;
export const conflict = (code: ConflictCode, message: string, field?: string) =>
  new ApiError(409, code, message, field);

// Accounts
export const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password');
export const accountLocked = () =>
  new ApiError(
    423,
    'account_locked',
    'Signing in from this address or browser is blocked for a while after too many wrong passwords',
  );
export const emailNotVerified = () =>
  new ApiError(403, 'email_not_verified', 'Confirm your email address first (see the email we sent)');
export const invalidOrExpiredToken = () =>
  new ApiError(400, 'invalid_or_expired_token', 'Invalid or expired link', 'token');
export const phoneInvalidFormat = () =>
  new ApiError(400, 'phone_invalid_format', 'The phone number has too few or too many digits', 'phone');
export const phoneInvalid = (message: string) => new ApiError(400, 'phone_invalid', message, 'phone');
export const passwordRejected = (code: 'password_too_weak' | 'password_too_common', message: string, field: string) =>
  new ApiError(400, code, message, field);

// Collections
export const teamNeedsOrgOwner = () =>
  new ApiError(
    400,
    'team_needs_org_owner',
    'Only a collection owned by an organization can be shared with its team',
    'visibility',
  );
export const ownerHandleMismatch = () =>
  new ApiError(
    400,
    'owner_handle_mismatch',
    'The owner handle must be the handle of the collection’s owner',
    'owner_handle',
  );
export const vanityHandleTaken = (vanity: string) =>
  conflict('vanity_handle_taken', `Another collection has the short handle "${vanity}"`, 'vanity_handle');
export const noVersionOnDate = (date: string) =>
  new ApiError(400, 'no_version_on_date', `The document has no version in force on ${date}`, 'as_of');

// Copilot
export const copilotSessionInvalid = (message: string) => new ApiError(401, 'copilot_session_invalid', message);
export const copilotSessionExpired = () => new ApiError(401, 'copilot_session_expired', 'Copilot session expired');
export const copilotModelFailed = () => new ApiError(502, 'copilot_model_failed', 'The Copilot model did not answer');

// Translation
export const sameLanguage = () =>
  new ApiError(400, 'same_language', 'The target language is the fragment’s own language', 'target_language_code');
export const fragmentHasNoText = () =>
  new ApiError(
    422,
    'fragment_has_no_text',
    'The fragment has only a cite key, no text to translate',
    'source_fragment_id',
  );
export const noTranslationAvailable = () =>
  new ApiError(
    422,
    'no_translation_available',
    'No translation memory match and no machine translation provider configured',
  );
export const groupNodeMismatch = () =>
  new ApiError(400, 'group_node_mismatch', 'The alignment group is not the node’s', 'alignment_group_id');
export const translationExists = () =>
  conflict('translation_exists', 'The provision has an imported text in this language; it is never overwritten');

// API keys and MCP (issue 12)
type ApiKeyFieldCode = Extract<
  ErrorCode,
  | 'scopes_required'
  | 'invalid_scope'
  | 'description_too_long'
  | 'expires_at_invalid'
  | 'expires_at_in_past'
  | 'organization_id_required'
  | 'organization_id_not_allowed'
>;
/** A create request's field is wrong in a way that has its own code (400 with `field`). */
export const apiKeyFieldInvalid = (code: ApiKeyFieldCode, field: string, message: string) =>
  new ApiError(400, code, message, field);
export const organizationNotFound = () =>
  new ApiError(404, 'organization_not_found', 'Organization not found', 'organization_id');
export const orgRoleRequired = (message = "Only the organization's owners and admins manage its API keys") =>
  new ApiError(403, 'org_role_required', message);
export const managedKey = () => new ApiError(403, 'managed_key', 'A key managed by Copilot cannot be changed');
export const apiKeyQuotaExceeded = (limit: number) =>
  new ApiError(409, 'api_key_quota_exceeded', `At most ${limit} active API keys`);
export const apiKeyNotActive = (code: 'api_key_revoked' | 'api_key_expired') =>
  new ApiError(409, code, code === 'api_key_revoked' ? 'The key is revoked' : 'The key has expired');
/** /mcp authentication failures (401; the route adds WWW-Authenticate). */
export type ApiKeyAuthCode = Extract<
  ErrorCode,
  'api_key_missing' | 'api_key_invalid' | 'api_key_revoked' | 'api_key_expired' | 'api_key_rotated'
>;
const API_KEY_AUTH_MESSAGES: Record<ApiKeyAuthCode, string> = {
  api_key_missing: 'Send an API key as Authorization: Bearer <key>',
  api_key_invalid: 'The API key is not valid',
  api_key_revoked: 'The API key was revoked',
  api_key_expired: 'The API key has expired',
  api_key_rotated: 'This secret was rotated; use the new one',
};
export const apiKeyUnauthorized = (code: ApiKeyAuthCode) => new ApiError(401, code, API_KEY_AUTH_MESSAGES[code]);
export const apiKeyInQuery = () =>
  new ApiError(400, 'api_key_in_query', 'Send the API key in the Authorization header, never in the URL');
export const memoryQuotaExceeded = (message: string) => new ApiError(409, 'memory_quota_exceeded', message);
/** /mcp: the key lacks the scope a tool needs (403; the route adds WWW-Authenticate insufficient_scope). */
export const insufficientScope = (scope: string) =>
  new ApiError(403, 'insufficient_scope', `This API key needs the ${scope} scope`);
/** /mcp: a browser page of another origin (DNS rebinding protection). */
export const originNotAllowed = () => new ApiError(403, 'forbidden', 'Requests from this origin are not allowed');
export const translationProviderTimeout = () =>
  new ApiError(504, 'translation_provider_timeout', 'The machine translation provider did not answer in time');
/** The provider is paused after a 429, 456 or 503 (for every instance); `retryAfter` seconds left. */
export const translationProviderBusy = (retryAfter: number) =>
  new ApiError(
    503,
    'translation_provider_busy',
    'The machine translation provider is busy or out of quota, try again later',
    undefined,
    retryAfter,
  );
export const translationProviderFailed = () =>
  new ApiError(502, 'translation_provider_failed', 'The machine translation provider did not return a translation');

// Imports through the server (operators)
export const operatorRequired = () =>
  new ApiError(403, 'operator_required', 'Only operators (OPERATOR_EMAILS, verified) may import documents');
export const importTokenInvalid = () =>
  new ApiError(401, 'import_token_invalid', 'Wrong import token: the server writes a new one at each start');
export const importRunning = () =>
  new ApiError(409, 'import_running', 'Another import is running on this server; try again when it has finished');
export const noFiles = () => new ApiError(400, 'no_files', 'The upload holds no files');
export const invalidFilePath = (file: string) =>
  new ApiError(400, 'invalid_file_path', `Not a relative path inside the upload: ${JSON.stringify(file)}`, 'file');
export const tooManyFiles = (max: number) => new ApiError(413, 'too_many_files', `At most ${max} files per import`);
export const fileTooLarge = (file: string, maxBytes: number) =>
  new ApiError(413, 'file_too_large', `${file} is larger than ${maxBytes} bytes`, 'file');
