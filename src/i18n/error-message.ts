// The one way a failure becomes the user's sentence: the catalogue's text for its code, in the
// screen's context when the catalogue has a more precise one (`errors.{context}.{code}`).
import { ApiError, toApiError } from '../api/client';

/** Where the failure happened: picks a context's own wording over the generic one. */
export const ERROR_CONTEXTS = [
  'login',
  'register',
  'forgot',
  'reset',
  'handle',
  'profile',
  'teams',
  'org',
  'user',
  'document',
  'fragments',
  'comparison',
  'search',
  'pin',
  'copilot',
  'realtime',
  'library',
  'collections',
] as const;
export type ErrorContext = (typeof ERROR_CONTEXTS)[number];

/** The part of react-intl's IntlShape this needs (so plain formatters and tests fit). */
export interface MessageFormatter {
  messages: Record<string, unknown>;
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number>): string;
}

/** The catalogue id for an error in a context: the context's own, else the generic one. */
export function errorMessageId(messages: Record<string, unknown>, error: ApiError, context?: ErrorContext): string {
  // A field names what to check, so its wording wins; then the context's own, then the generic.
  const codes =
    error.detail === 'validation_failed' && error.field ? ['validation_failed_field', error.detail] : [error.detail];
  const candidates = codes.flatMap((code) => [...(context ? [`errors.${context}.${code}`] : []), `errors.${code}`]);
  for (const id of candidates) if (id in messages) return id;
  return 'errors.http_error';
}

/** What to tell the user about a failure, in the interface language. */
export function errorMessage(intl: MessageFormatter, failure: unknown, context?: ErrorContext): string {
  const error = failure instanceof ApiError ? failure : toApiError(failure);
  return intl.formatMessage(
    { id: errorMessageId(intl.messages, error, context) },
    { status: error.status, message: error.message, name: error.field ?? '', seconds: error.retryAfter ?? 0 },
  );
}
