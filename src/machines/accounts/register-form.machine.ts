// The registration form (/auth/register): fields, submit once email, password and phone are
// filled, the register call in the interface language, then the "check your inbox" card.
import { assign, fromPromise, setup } from 'xstate';
import { register } from '../../api/auth';
import { authErrorText, type ErrorText } from '../../api/auth-error-messages';
import type { PhoneCountry, RegisterRequest } from '../../api/contract';
import type { ToastInput } from '../../components/toast/toast.atoms';
import { authFailureToast, authSuccessToast } from './auth-form-toasts';

export const REGISTER_SUCCESS_TOAST_MS = 5000;

export type RegisterField = 'email' | 'password' | 'firstName' | 'lastName' | 'phone';

export interface RegisterFormContext {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountry: PhoneCountry;
  /** The address the server confirmed, for the success card. */
  registeredEmail?: string;
  error?: ErrorText;
}

export type RegisterFormEvent =
  | { type: 'field.change'; field: RegisterField; value: string }
  | { type: 'country.change'; country: PhoneCountry }
  /** `language`: the interface language, for the verification email and the saved preference. */
  | { type: 'form.submit'; language?: 'en' | 'cs' };

export const registerFormMachine = setup({
  types: {
    context: {} as RegisterFormContext,
    events: {} as RegisterFormEvent,
  },
  actors: {
    register: fromPromise(({ input, signal }: { input: RegisterRequest; signal: AbortSignal }) =>
      register(input, { signal }),
    ),
  },
  actions: {
    // Provided by the screen.
    notify: (_, _toast: ToastInput) => {},
  },
  guards: {
    canSubmit: ({ context }) => context.email.trim() !== '' && context.password !== '' && context.phone.trim() !== '',
  },
}).createMachine({
  id: 'registerForm',
  context: { email: '', password: '', firstName: '', lastName: '', phone: '', phoneCountry: 'CZ' },
  initial: 'idle',
  // The inputs are disabled while the call runs and gone after success, so edits come only
  // from idle and failure.
  on: {
    'field.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
    'country.change': { actions: assign({ phoneCountry: ({ event }) => event.country }) },
  },
  states: {
    idle: {
      on: {
        'form.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'register',
        input: ({ context, event }) => ({
          email: context.email.trim(),
          password: context.password,
          first_name: context.firstName.trim(),
          last_name: context.lastName.trim(),
          phone: context.phone.trim(),
          phone_country: context.phoneCountry,
          ...(event.type === 'form.submit' && event.language ? { language: event.language } : {}),
        }),
        onDone: {
          target: 'success',
          actions: [
            assign({ registeredEmail: ({ context, event }) => event.output.email || context.email.trim() }),
            {
              type: 'notify',
              params: authSuccessToast(
                'auth.register.successTitle',
                'auth.register.successText',
                REGISTER_SUCCESS_TOAST_MS,
              ),
            },
          ],
        },
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => authErrorText(event.error) }),
            { type: 'notify', params: ({ context }) => authFailureToast('auth.register.failedTitle', context.error) },
          ],
        },
      },
    },
    success: { type: 'final' },
    failure: {
      on: {
        'form.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
  },
});
