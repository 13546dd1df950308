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
>;
export const conflict = (code: ConflictCode, message: string, field?: string) =>
  new ApiError(409, code, message, field);

// Accounts
export const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password');
export const accountLocked = () =>
  new ApiError(423, 'account_locked', 'Account locked due to too many failed attempts');
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
