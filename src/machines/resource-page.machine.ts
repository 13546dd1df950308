// One machine for a page that shows one resource found by its key (a user's public profile, an
// organization's page; next a collection): loading, loaded, notFound or failed, with retry.
// `resourcePage(load)` serves it for one page, typed by what `load` answers.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../api/client';
import { failedWith, failureOf } from './failure';

export interface ResourcePageContext<T> {
  key: string;
  resource?: T;
  error?: ApiError;
}

/** How a page fetches its resource by key. */
export type LoadResource<T> = (key: string, signal: AbortSignal) => Promise<T>;

/** The machine for a resource of type T; its `load` actor is provided by `resourcePage`. */
export const resourcePageMachine = <T>() =>
  setup({
    types: {
      context: {} as ResourcePageContext<T>,
      events: {} as { type: 'page.retry' },
      input: {} as { key: string },
    },
    actors: {
      load: fromPromise<T, { key: string }>(() => Promise.reject(new Error('resource page: provide `load`'))),
    },
    guards: {
      notFound: failedWith('not_found'),
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
            { guard: 'notFound', target: 'notFound' },
            { target: 'failed', actions: assign({ error: failureOf }) },
          ],
        },
      },
      loaded: {},
      notFound: {},
      failed: { on: { 'page.retry': 'loading' } },
    },
  });

/** The resource page served for one kind of resource. */
export const resourcePage = <T>(load: LoadResource<T>) =>
  resourcePageMachine<T>().provide({
    actors: { load: fromPromise<T, { key: string }>(({ input, signal }) => load(input.key, signal)) },
  });

export type ResourcePageMachine<T> = ReturnType<typeof resourcePageMachine<T>>;
export type ResourcePageActor<T> = ActorRefFrom<ResourcePageMachine<T>>;
type Snapshot<T> = SnapshotFrom<ResourcePageMachine<T>>;
export const selectLoading = <T>(snapshot: Snapshot<T>) => snapshot.matches('loading');
export const selectNotFound = <T>(snapshot: Snapshot<T>) => snapshot.matches('notFound');
export const selectPageError = <T>(snapshot: Snapshot<T>) => snapshot.context.error;
export const selectResource = <T>(snapshot: Snapshot<T>) => snapshot.context.resource;
