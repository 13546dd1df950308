// Settings → Sessions: the user's live sessions (GET /auth/sessions), "Sign out" of one other
// session and "Sign out everywhere else" (the current one stays; the account menu logs it out).
// The list follows each answer without reloading; a failure keeps the list and says why.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { SessionInfo } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface SessionsListContext {
  sessions: SessionInfo[];
  error?: ApiError;
  /** The session being signed out ('others' for everywhere else). */
  busy?: string;
  actionError?: ApiError;
  /** What the last action did, for the screen to say: one session or this many others ended. */
  done?: { kind: 'one' } | { kind: 'others'; ended: number };
}

export type SessionsListEvent =
  { type: 'sessions.retry' } | { type: 'session.end'; id: string } | { type: 'sessions.endOthers' };

export const OTHERS = 'others';

export const sessionsListMachine = setup({
  types: {
    context: {} as SessionsListContext,
    events: {} as SessionsListEvent,
  },
  actors: {
    loadSessions: fromPromise(
      async ({ signal }: { signal: AbortSignal }) => (await call(routes.listSessions, { signal })).items,
    ),
    endSession: fromPromise(({ input }: { input: { id: string } }) =>
      call(routes.endSession, { params: { id: input.id } }),
    ),
    endOtherSessions: fromPromise(() => call(routes.endOtherSessions, {})),
  },
  guards: {
    /** The current session is not signed out from here (logout does that). */
    isOtherSession: ({ context, event }) =>
      event.type === 'session.end' && context.sessions.some((s) => s.id === event.id && !s.current),
    hasOtherSessions: ({ context }) => context.sessions.some((session) => !session.current),
  },
}).createMachine({
  id: 'sessionsList',
  context: { sessions: [] },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadSessions',
        onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: failureOf }) },
      },
    },
    loadFailed: { on: { 'sessions.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.end': {
              guard: 'isOtherSession',
              target: 'endingOne',
              actions: assign({ busy: ({ event }) => event.id, actionError: undefined, done: undefined }),
            },
            'sessions.endOthers': {
              guard: 'hasOtherSessions',
              target: 'endingOthers',
              actions: assign({ busy: OTHERS, actionError: undefined, done: undefined }),
            },
            'sessions.retry': '#sessionsList.loading',
          },
        },
        endingOne: {
          invoke: {
            src: 'endSession',
            input: ({ context }) => ({ id: context.busy! }),
            onDone: {
              target: 'idle',
              actions: assign({
                sessions: ({ context }) => context.sessions.filter((session) => session.id !== context.busy),
                busy: undefined,
                done: { kind: 'one' as const },
              }),
            },
            onError: { target: 'idle', actions: assign({ actionError: failureOf, busy: undefined }) },
          },
        },
        endingOthers: {
          invoke: {
            src: 'endOtherSessions',
            onDone: {
              target: 'idle',
              actions: assign({
                sessions: ({ context }) => context.sessions.filter((session) => session.current),
                busy: undefined,
                done: ({ event }) => ({ kind: 'others' as const, ended: event.output.ended }),
              }),
            },
            onError: { target: 'idle', actions: assign({ actionError: failureOf, busy: undefined }) },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof sessionsListMachine>;
export const selectSessionsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectSessions = (snapshot: Snapshot) => snapshot.context.sessions;
export const selectSessionsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('loadFailed') ? snapshot.context.error : undefined;
export const selectSessionsBusy = (snapshot: Snapshot) => snapshot.context.busy;
export const selectSessionsActionError = (snapshot: Snapshot) => snapshot.context.actionError;
export const selectSessionsDone = (snapshot: Snapshot) => snapshot.context.done;
export const selectHasOtherSessions = (snapshot: Snapshot) =>
  snapshot.context.sessions.some((session) => !session.current);
