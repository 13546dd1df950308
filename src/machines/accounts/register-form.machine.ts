// The registration form (/auth/register): email, password and phone required, names optional;
// the phone is the chosen calling code plus the digits typed. Then the "check your inbox" card.
import type { SnapshotFrom } from 'xstate';
import { call } from '../../api/client';
import { PHONE_COUNTRIES, type RegisterRequest } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { authFormMachine, type InterfaceLanguage } from './auth-form.machine';

/** The calling codes the form offers, each once (+1 serves the US and Canada), CZ first. */
export const CALLING_CODES = [...new Set(PHONE_COUNTRIES.map((option) => option.calling_code))];
export const DEFAULT_CALLING_CODE = PHONE_COUNTRIES[0].calling_code;

/** '+421' and ' 0901 234-567' → '+421901234567': non-digits stripped, leading zeros removed. */
export const fullPhone = (callingCode: string, typed: string) =>
  `${callingCode}${typed.replace(/\D/g, '').replace(/^0+/, '')}`;

export type RegisterFields = Record<'email' | 'password' | 'firstName' | 'lastName' | 'phone' | 'callingCode', string>;
export type RegisterField = Exclude<keyof RegisterFields, 'callingCode'>;

export function registerRequest(fields: RegisterFields, language?: InterfaceLanguage): RegisterRequest {
  return {
    email: fields.email.trim(),
    password: fields.password,
    first_name: fields.firstName.trim(),
    last_name: fields.lastName.trim(),
    phone: fullPhone(fields.callingCode, fields.phone),
    ...(language ? { language } : {}),
  };
}

export const registerFormMachine = authFormMachine({
  id: 'registerForm',
  fields: { email: '', password: '', firstName: '', lastName: '', phone: '', callingCode: DEFAULT_CALLING_CODE },
  canSubmit: ({ email, password, phone }) => email.trim() !== '' && password !== '' && phone.trim() !== '',
  request: registerRequest,
  send: (body, signal) => call(routes.register, { body, signal }),
});

type Snapshot = SnapshotFrom<typeof registerFormMachine>;
/** The address the server confirmed, once registered (for the success card). */
export const selectRegisteredEmail = (snapshot: Snapshot) => {
  if (!snapshot.matches('success')) return undefined;
  return snapshot.context.output?.email || (snapshot.context.fields.email ?? '').trim();
};
