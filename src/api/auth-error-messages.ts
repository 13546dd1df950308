// The one mapping from an auth failure to what the forms show: a catalogue message for every
// known code, the code itself for an unknown one, the error's own message for a network failure.
import { AUTH_ERROR_CODES, type AuthErrorCode } from './contract';
import { ApiError } from './client';

/** A catalogue message id, or text to show as it is. */
export type ErrorText = { id: string } | { raw: string };

export const AUTH_ERROR_MESSAGE_IDS: Record<AuthErrorCode, string> = {
  invalid_credentials: 'auth.error.invalid_credentials',
  account_locked: 'auth.error.account_locked',
  rate_limited: 'auth.error.rate_limited',
  email_not_verified: 'auth.error.email_not_verified',
  email_already_exists: 'auth.error.email_already_exists',
  phone_already_exists: 'auth.error.phone_already_exists',
  phone_invalid: 'auth.error.phone_invalid',
  phone_invalid_format: 'auth.error.phone_invalid_format',
  password_too_weak: 'auth.error.password_too_weak',
  password_too_common: 'auth.error.password_too_common',
  invalid_or_expired_token: 'auth.error.invalid_or_expired_token',
  validation_failed: 'auth.error.validation_failed',
  not_authenticated: 'auth.error.not_authenticated',
  csrf_failed: 'auth.error.csrf_failed',
};

export function isAuthErrorCode(code: string): code is AuthErrorCode {
  return (AUTH_ERROR_CODES as readonly string[]).includes(code);
}

/** What to tell the user about a failed auth call. */
export function authErrorText(error: unknown): ErrorText {
  if (error instanceof ApiError) {
    return isAuthErrorCode(error.detail) ? { id: AUTH_ERROR_MESSAGE_IDS[error.detail] } : { raw: error.detail };
  }
  // fetch's TypeError ('Failed to fetch'), an unexpected answer the contract rejected, ...
  if (error instanceof Error) return { raw: error.message };
  return { raw: String(error) };
}

/** The code of an ApiError, for flows that branch on it (undefined for network failures). */
export const errorCode = (error: unknown): string | undefined => (error instanceof ApiError ? error.detail : undefined);
