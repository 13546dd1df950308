// The session: asks /auth/me once at start (a 401 or a network failure means nobody is logged
// in), takes the user a login returns, and logs out (then home). The user is published to the
// rest of the app through the `publishUser` action (the screen writes currentUserAtom).
import { fromPromise, setup } from 'xstate';
import { logout, me } from '../../api/auth';
import { authErrorText, errorCode } from '../../api/auth-error-messages';
import type { CurrentUser } from '../../api/contract';
import type { ToastInput } from '../../components/toast/toast.atoms';

export type SessionEvent = { type: 'session.signedIn'; user: CurrentUser } | { type: 'session.logout' };

const LOGGED_OUT = [
  { type: 'publishUser', params: { user: null } },
  { type: 'notify', params: { variant: 'success', title: { id: 'account.loggedOut' } } },
  { type: 'navigate', params: { to: '/' } },
] as const;

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
  },
  actors: {
    loadUser: fromPromise<CurrentUser>(({ signal }) => me({ signal })),
    logout: fromPromise<{ status: 'ok' }>(({ signal }) => logout({ signal })),
  },
  actions: {
    // Provided by the app: the user atom, toasts, the address.
    publishUser: (_, _params: { user: CurrentUser | null }) => {},
    notify: (_, _toast: ToastInput) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    // The server no longer knows the session: it is over either way.
    alreadyLoggedOut: ({ event }) => 'error' in event && errorCode(event.error) === 'not_authenticated',
  },
}).createMachine({
  id: 'session',
  initial: 'loading',
  on: {
    // A login while /auth/me is still on its way wins (the call is cancelled).
    'session.signedIn': {
      target: '.signedIn',
      actions: { type: 'publishUser', params: ({ event }) => ({ user: event.user }) },
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadUser',
        onDone: {
          target: 'signedIn',
          actions: { type: 'publishUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'anonymous', actions: { type: 'publishUser', params: { user: null } } },
      },
    },
    anonymous: {},
    signedIn: {
      on: { 'session.logout': 'loggingOut' },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'anonymous', actions: LOGGED_OUT },
        onError: [
          { guard: 'alreadyLoggedOut', target: 'anonymous', actions: LOGGED_OUT },
          {
            // The server may still hold the session: say so rather than pretend.
            target: 'signedIn',
            actions: {
              type: 'notify',
              params: ({ event }) => ({
                variant: 'error',
                title: { id: 'account.logoutFailed' },
                description: authErrorText(event.error),
              }),
            },
          },
        ],
      },
    },
  },
});
