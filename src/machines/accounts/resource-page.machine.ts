// One machine for a page that shows one resource found by its key (a user's public profile, an
// organization's page; next a collection): loading, loaded, notFound (404) or failed, with retry.
// Each page provides its `load` actor.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, toApiError, type ApiError } from '../../api/client';
import type { PublicOrg, PublicUser } from '../../api/contract';
import { routes } from '../../api/contract/routes';

export interface ResourcePageContext {
  key: string;
  resource?: unknown;
  error?: ApiError;
}

export const resourcePageMachine = setup({
  types: {
    context: {} as ResourcePageContext,
    events: {} as { type: 'page.retry' },
    input: {} as { key: string },
  },
  actors: {
    load: fromPromise<unknown, { key: string }>(() => Promise.reject(new Error('resource page: provide `load`'))),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => toApiError(params.error).status === 404,
  },
}).createMachine({
  id: 'resourcePage',
  context: ({ input }) => ({ key: input.key }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'loaded', actions: assign({ resource: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error) }) },
        ],
      },
    },
    loaded: {},
    notFound: {},
    failed: { on: { 'page.retry': 'loading' } },
  },
});

/** /u/{username}: the key is the handle. */
export const userPageMachine = resourcePageMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => call(routes.getPublicUser, { params: { username: input.key }, signal })),
  },
});

/** /org/{slug}: the key is the slug. */
export const orgPageMachine = resourcePageMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => call(routes.getPublicOrg, { params: { slug: input.key }, signal })),
  },
});

type Snapshot = SnapshotFrom<typeof resourcePageMachine>;
export const selectLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectNotFound = (snapshot: Snapshot) => snapshot.matches('notFound');
export const selectPageError = (snapshot: Snapshot) => snapshot.context.error;
// The load actor a page provides decides the resource's type; these read it back for its page.
export const selectUser = (snapshot: Snapshot) => snapshot.context.resource as PublicUser | undefined;
export const selectOrg = (snapshot: Snapshot) => snapshot.context.resource as PublicOrg | undefined;
