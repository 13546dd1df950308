// A user's public profile (/u/{username}): loading, loaded, not found (404) or failed, with retry.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../api/contract';
import { getPublicUser } from '../../api/accounts';
import { ApiError } from '../../api/client';

export const publicProfileMachine = setup({
  types: {
    context: {} as { username: string; profile?: PublicUser; error?: string },
    events: {} as { type: 'profile.retry' },
    input: {} as { username: string },
  },
  actors: {
    loadProfile: fromPromise(({ input, signal }: { input: { username: string }; signal: AbortSignal }) =>
      getPublicUser(input.username, { signal }),
    ),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'publicProfile',
  context: ({ input }) => ({ username: input.username }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ username: context.username }),
        onDone: { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
            }),
          },
        ],
      },
    },
    loaded: {},
    notFound: {},
    failed: { on: { 'profile.retry': 'loading' } },
  },
});

type Snapshot = SnapshotFrom<typeof publicProfileMachine>;
export const selectProfilePhase = (snapshot: Snapshot) =>
  snapshot.value as 'loading' | 'loaded' | 'notFound' | 'failed';
export const selectProfile = (snapshot: Snapshot) => snapshot.context.profile;
export const selectProfileError = (snapshot: Snapshot) => snapshot.context.error;
