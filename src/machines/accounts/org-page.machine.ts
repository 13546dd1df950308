// An organization's public page (/org/{slug}): loading, loaded, not found (404) or failed, with retry.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PublicOrg } from '../../api/contract';
import { getPublicOrg } from '../../api/accounts';
import { ApiError } from '../../api/client';

export const orgPageMachine = setup({
  types: {
    context: {} as { slug: string; org?: PublicOrg; error?: string },
    events: {} as { type: 'org.retry' },
    input: {} as { slug: string },
  },
  actors: {
    loadOrg: fromPromise(({ input, signal }: { input: { slug: string }; signal: AbortSignal }) =>
      getPublicOrg(input.slug, { signal }),
    ),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'orgPage',
  context: ({ input }) => ({ slug: input.slug }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadOrg',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: 'loaded', actions: assign({ org: ({ event }) => event.output }) },
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
    failed: { on: { 'org.retry': 'loading' } },
  },
});

type Snapshot = SnapshotFrom<typeof orgPageMachine>;
export const selectOrgPhase = (snapshot: Snapshot) => snapshot.value as 'loading' | 'loaded' | 'notFound' | 'failed';
export const selectOrg = (snapshot: Snapshot) => snapshot.context.org;
export const selectOrgError = (snapshot: Snapshot) => snapshot.context.error;
