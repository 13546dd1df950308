// The session: asks /auth/me once at start (a 401 or a network failure means nobody is logged
// in), takes the user a login returns, and logs out (then home). The user is published to the
// rest of the app through the `publishUser` action (the screen writes currentUserAtom); the
// outcome of a logout is emitted for the provider to show.
import { emit, fromPromise, setup } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { CurrentUser } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { failedWith, failureOf } from '../failure';

export type SessionEvent = { type: 'session.signedIn'; user: CurrentUser } | { type: 'session.logout' };
export type SessionEmitted = { type: 'session.loggedOut' } | { type: 'session.logoutFailed'; error: ApiError };

const LOGGED_OUT = [
  { type: 'publishUser', params: { user: null } },
  { type: 'saidLoggedOut' },
  { type: 'navigate', params: { to: '/' } },
] as const;

export const sessionMachine = setup({
  types: {
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    loadUser: fromPromise<CurrentUser>(async ({ signal }) => (await call(routes.me, { signal })).user),
    logout: fromPromise<{ status: 'ok' }>(({ signal }) => call(routes.logout, { signal })),
  },
  actions: {
    // Provided by the app: the user atom, the address.
    publishUser: (_, _params: { user: CurrentUser | null }) => {},
    navigate: (_, _params: { to: string }) => {},
    saidLoggedOut: emit({ type: 'session.loggedOut' }),
  },
  guards: {
    // The server no longer knows the session: it is over either way.
    alreadyLoggedOut: failedWith('not_authenticated'),
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
            actions: emit(({ event }) => ({ type: 'session.logoutFailed' as const, error: failureOf({ event }) })),
          },
        ],
      },
    },
  },
});
