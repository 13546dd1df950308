// The forgotten-password form (/auth/forgot): one email field, the request for a reset link,
// then the "check your inbox" card. The server answers ok for any address (no enumeration).
import { assign, fromPromise, setup } from 'xstate';
import { forgotPassword } from '../../api/auth';
import { authErrorText, type ErrorText } from '../../api/auth-error-messages';
import type { ToastInput } from '../../components/toast/toast.atoms';
import { authFailureToast, authSuccessToast } from './auth-form-toasts';

export interface ForgotPasswordFormContext {
  email: string;
  /** The address the link was asked for, for the success card. */
  sentTo?: string;
  error?: ErrorText;
}

export type ForgotPasswordFormEvent = { type: 'field.change'; field: 'email'; value: string } | { type: 'form.submit' };

export const forgotPasswordFormMachine = setup({
  types: {
    context: {} as ForgotPasswordFormContext,
    events: {} as ForgotPasswordFormEvent,
  },
  actors: {
    requestReset: fromPromise(({ input, signal }: { input: { email: string }; signal: AbortSignal }) =>
      forgotPassword(input.email, { signal }),
    ),
  },
  actions: {
    // Provided by the screen.
    notify: (_, _toast: ToastInput) => {},
  },
  guards: {
    canSubmit: ({ context }) => context.email.trim() !== '',
  },
}).createMachine({
  id: 'forgotPasswordForm',
  context: { email: '' },
  initial: 'idle',
  on: {
    'field.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
  },
  states: {
    idle: {
      on: { 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
    },
    submitting: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'success',
          actions: [
            assign({ sentTo: ({ context }) => context.email.trim() }),
            { type: 'notify', params: authSuccessToast('auth.forgot.successTitle', 'auth.forgot.successText') },
          ],
        },
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => authErrorText(event.error) }),
            { type: 'notify', params: ({ context }) => authFailureToast('auth.forgot.failedTitle', context.error) },
          ],
        },
      },
    },
    success: { type: 'final' },
    failure: {
      on: { 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
    },
  },
});
