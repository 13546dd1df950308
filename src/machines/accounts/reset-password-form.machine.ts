// The new-password form (/auth/reset): the token from the emailed link and the new password,
// the reset call, then the success view and the login page after a pause.
import { assign, fromPromise, setup } from 'xstate';
import { resetPassword } from '../../api/auth';
import { authErrorText, type ErrorText } from '../../api/auth-error-messages';
import type { ToastInput } from '../../components/toast/toast.atoms';
import { authFailureToast, authSuccessToast } from './auth-form-toasts';

export interface ResetPasswordFormContext {
  token: string;
  password: string;
  error?: ErrorText;
}

export type ResetPasswordFormEvent =
  { type: 'field.change'; field: 'token' | 'password'; value: string } | { type: 'form.submit' };

export const resetPasswordFormMachine = setup({
  types: {
    context: {} as ResetPasswordFormContext,
    events: {} as ResetPasswordFormEvent,
    /** `token`: from the link's `?token=`. */
    input: {} as { token?: string },
  },
  actors: {
    resetPassword: fromPromise(
      ({ input, signal }: { input: { token: string; password: string }; signal: AbortSignal }) =>
        resetPassword(input.token, input.password, { signal }),
    ),
  },
  actions: {
    // Provided by the screen.
    notify: (_, _toast: ToastInput) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  delays: {
    // Time to read the success view before the login page.
    redirect: 2000,
  },
  guards: {
    canSubmit: ({ context }) => context.token.trim() !== '' && context.password !== '',
  },
}).createMachine({
  id: 'resetPasswordForm',
  context: ({ input }) => ({ token: input.token ?? '', password: '' }),
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
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token.trim(), password: context.password }),
        onDone: {
          target: 'success',
          actions: { type: 'notify', params: authSuccessToast('auth.reset.successTitle', 'auth.reset.successText') },
        },
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => authErrorText(event.error) }),
            { type: 'notify', params: ({ context }) => authFailureToast('auth.reset.failedTitle', context.error) },
          ],
        },
      },
    },
    success: {
      after: { redirect: { target: 'done', actions: { type: 'navigate', params: { to: '/auth/login' } } } },
    },
    failure: {
      on: { 'form.submit': { guard: 'canSubmit', target: 'submitting' } },
    },
    done: { type: 'final' },
  },
});
