// Typed calls of the account API the auth screens and the session need: register, log in and
// out, password recovery, the current user and the saved interface language.
import {
  CurrentUser,
  LanguagePreferenceResponse,
  MeResponse,
  OkResponse,
  RegisterResponse,
  type RegisterRequest,
} from './contract';
import { apiGet, apiPost, type RequestOptions } from './legacy-client';

export type InterfaceLanguage = 'en' | 'cs';

export const register = (body: RegisterRequest, options?: RequestOptions) =>
  apiPost('/auth/register', body, RegisterResponse, options);

/** Logs in (the server sets the session cookie) and answers the user. */
export const login = async (
  credentials: { identifier: string; password: string },
  options?: RequestOptions,
): Promise<CurrentUser> => (await apiPost('/auth/login', credentials, MeResponse, options)).user;

export const logout = (options?: RequestOptions) => apiPost('/auth/logout', undefined, OkResponse, options);

export const forgotPassword = (email: string, options?: RequestOptions) =>
  apiPost('/auth/forgot-password', { email }, OkResponse, options);

export const resetPassword = (token: string, newPassword: string, options?: RequestOptions) =>
  apiPost('/auth/reset-password', { token, new_password: newPassword }, OkResponse, options);

/** The logged-in user; a 401 ApiError (not_authenticated) when nobody is. */
export const me = async (options?: RequestOptions): Promise<CurrentUser> =>
  (await apiGet('/auth/me', MeResponse, options)).user;

export const getLanguagePreference = async (options?: RequestOptions) =>
  (await apiGet('/preferences/language', LanguagePreferenceResponse, options)).language;

export const setLanguagePreference = async (language: InterfaceLanguage, options?: RequestOptions) =>
  (await apiPost('/preferences/language', { language }, LanguagePreferenceResponse, options)).language;
