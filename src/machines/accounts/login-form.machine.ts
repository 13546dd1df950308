// The login form (/auth/login): fields, submit only when both are filled, the login call, a
// toast either way, and on success the session update and the way home after a short pause.
import { assign, fromPromise, setup } from 'xstate';
import { login } from '../../api/auth';
import { authErrorText, type ErrorText } from '../../api/auth-error-messages';
import type { CurrentUser } from '../../api/contract';
import type { ToastInput } from '../../components/toast/toast.atoms';
import { authFailureToast, authSuccessToast } from './auth-form-toasts';

export const LOGIN_SUCCESS_TOAST_MS = 2000;

export interface LoginFormContext {
  email: string;
  password: string;
  error?: ErrorText;
}

export type LoginFormEvent =
  { type: 'field.change'; field: 'email' | 'password'; value: string } | { type: 'form.submit' };

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
  },
  actors: {
    login: fromPromise(({ input, signal }: { input: { identifier: string; password: string }; signal: AbortSignal }) =>
      login(input, { signal }),
    ),
  },
  actions: {
    // Provided by the screen: toasts, the session and the address live outside the machine.
    notify: (_, _toast: ToastInput) => {},
    signedIn: (_, _params: { user: CurrentUser }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  delays: {
    // Long enough to see the toast, short enough not to wait for it.
    redirect: 500,
  },
  guards: {
    canSubmit: ({ context }) => context.email.trim() !== '' && context.password !== '',
  },
}).createMachine({
  id: 'loginForm',
  context: { email: '', password: '' },
  initial: 'idle',
  // The inputs are disabled while the call runs, so edits come only from idle and failure.
  on: {
    'field.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
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
        src: 'login',
        input: ({ context }) => ({ identifier: context.email.trim(), password: context.password }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'signedIn', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'notify',
              params: authSuccessToast('auth.login.successTitle', 'auth.login.successText', LOGIN_SUCCESS_TOAST_MS),
            },
          ],
        },
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => authErrorText(event.error) }),
            { type: 'notify', params: ({ context }) => authFailureToast('auth.login.failedTitle', context.error) },
          ],
        },
      },
    },
    success: {
      after: { redirect: { target: 'done', actions: { type: 'navigate', params: { to: '/' } } } },
    },
    failure: {
      on: {
        'form.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    done: { type: 'final' },
  },
});
