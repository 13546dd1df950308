// Accounts: registration, login, email verification, password recovery, the current user.
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const PASSWORD_MAX_LENGTH = 256;
/**
 * First and last names (registration, profile): at most this many characters. Names appear in
 * account emails' greeting line; the server also strips control characters and line breaks.
 */
export const NAME_MAX_LENGTH = 64;

/** Countries whose calling code the register form offers; CZ is the default. */
export const PHONE_COUNTRIES = [
  { country: 'CZ', calling_code: '+420' },
  { country: 'SK', calling_code: '+421' },
  { country: 'AT', calling_code: '+43' },
  { country: 'DE', calling_code: '+49' },
  { country: 'PL', calling_code: '+48' },
  { country: 'US', calling_code: '+1' },
  { country: 'CA', calling_code: '+1' },
  { country: 'GB', calling_code: '+44' },
] as const;
export const PhoneCountry = z.enum(['CZ', 'SK', 'AT', 'DE', 'PL', 'US', 'CA', 'GB']);
export type PhoneCountry = z.infer<typeof PhoneCountry>;

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const Password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
/** Optional on the register form: an empty name is stored as ''. */
const OptionalName = z.string().trim().max(NAME_MAX_LENGTH).default('');

export const RegisterRequest = z.object({
  email: Email,
  /** Checked on the server for length, strength and commonness (password_too_weak / _common). */
  password: Password,
  first_name: OptionalName,
  last_name: OptionalName,
  /**
   * The chosen calling code (one of PHONE_COUNTRIES) followed by the digits typed, e.g.
   * '+421 0901 234 567': non-digits are stripped and leading zeros of the national part removed.
   */
  phone: z.string().trim().min(2).max(40),
  /** Language of the verification email and the account's interface preference. */
  language: z.enum(['en', 'cs']).optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResponse = z.object({ status: z.literal('verification_sent'), email: z.string() });

export const LoginRequest = z.object({
  /** The email address. */
  identifier: z.string().trim().toLowerCase().min(1).max(254),
  password: Password,
});

export const ForgotPasswordRequest = z.object({ email: Email });
/** Send the verification email again (login answered email_not_verified). Always answers ok. */
export const ResendVerificationRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({ token: z.string().trim().min(1).max(200), new_password: Password });
export const VerifyQuery = z.object({ token: z.string().trim().min(1).max(200) });

export const OkResponse = z.object({ status: z.literal('ok') });

/** The logged-in user as the app needs it everywhere (header, settings). */
export const CurrentUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Interface language saved on the server; null until the user picks one. */
  language: z.enum(['en', 'cs']).nullable(),
  email_verified: z.boolean(),
  /** An operator of this instance (OPERATOR_EMAILS): may import documents (the import page). */
  operator: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
export const MeResponse = z.object({ user: CurrentUser });

/**
 * One of the user's live sessions (Settings → Sessions). `id` is the session's public id (never
 * the cookie); `client` a summary of its browser and system ("Firefox · Linux"), null when unknown.
 * Sessions slide 30 days with use and end at the latest 90 days after the login.
 */
export const SessionInfo = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  client: z.string().nullable(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionList = z.object({ items: z.array(SessionInfo) });
export type SessionList = z.infer<typeof SessionList>;
export const SessionIdParams = z.object({ id: z.uuid() });
/** Sign out everywhere else: how many other sessions ended (the current one stays). */
export const EndSessionsResponse = z.object({ status: z.literal('ok'), ended: z.number().int() });

/** Delete the account: the password again, so a session left open is not enough. */
export const DeleteAccountRequest = z.object({ password: Password });
