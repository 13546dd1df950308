// A published collection's page (/u|org/{handle}/[collections/]{slug}): the collection, its owner
// and its documents page by page ('Load more' follows next_cursor). A collection the caller may
// not read answers 404 like one that never existed: both are notFound; a malformed address is
// invalid (400); anything else failed, with retry.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import type { CollectionItem, PublicCollection } from '../../api/contract/collections';
import { failedWith, failedWithStatus, failureOf } from '../failure';
import { loadStatusOf, type LoadStatus } from './load-status';

/** A collection under its owner: /u/{handle}/{slug} or /org/{handle}/{slug} (also .../collections/{slug}). */
export interface OwnerCollectionAddress {
  kind: 'owner';
  ownerType: 'user' | 'org';
  handle: string;
  slug: string;
}
/** A collection by its short handle: /{vanity}/documents/... */
export interface HandleCollectionAddress {
  kind: 'handle';
  vanity: string;
}
/** A collection by its id, for those who may read it: /collections/{id}/documents/... */
export interface IdCollectionAddress {
  kind: 'id';
  id: string;
}
/** How an address names a collection. */
export type CollectionAddress = OwnerCollectionAddress | HandleCollectionAddress | IdCollectionAddress;
/** The addresses of a public collection page (a short handle has documents only, no page of its own). */
export type PublicCollectionAddress = OwnerCollectionAddress | HandleCollectionAddress;

/** One page of a public collection: the first, or the one after `cursor`. */
export function loadPublicCollection(
  address: PublicCollectionAddress,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PublicCollection> {
  return address.kind === 'owner'
    ? call(routes.getPublicCollection, {
        params: { ownerType: address.ownerType, handle: address.handle, slug: address.slug },
        query: { cursor },
        signal,
      })
    : call(routes.getPublicCollectionByHandle, { params: { vanity: address.vanity }, query: { cursor }, signal });
}

export interface PublicCollectionContext {
  address: PublicCollectionAddress;
  /** The first page's answer (collection, owner, canonical path); items gather in `items`. */
  page?: PublicCollection;
  items: CollectionItem[];
  nextCursor: string | null;
  error?: ApiError;
  /** A failed 'Load more': the items shown stay, the button tries again. */
  moreError?: ApiError;
}

export type PublicCollectionEvent = { type: 'page.retry' } | { type: 'items.more' };

type LoadInput = { address: PublicCollectionAddress; cursor?: string };

export const publicCollectionMachine = setup({
  types: {
    context: {} as PublicCollectionContext,
    events: {} as PublicCollectionEvent,
    input: {} as { address: PublicCollectionAddress },
  },
  actors: {
    loadPage: fromPromise(({ input, signal }: { input: LoadInput; signal: AbortSignal }) =>
      loadPublicCollection(input.address, input.cursor, signal),
    ),
  },
  guards: {
    notFound: failedWith('not_found'),
    invalid: failedWithStatus(400),
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'publicCollection',
  context: ({ input }) => ({ address: input.address, items: [], nextCursor: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ address: context.address }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({
            page: event.output,
            items: event.output.items,
            nextCursor: event.output.next_cursor,
          })),
        },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'invalid', target: 'invalid', actions: assign({ error: failureOf }) },
          { target: 'failed', actions: assign({ error: failureOf }) },
        ],
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { 'items.more': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          entry: assign({ moreError: undefined }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ address: context.address, cursor: context.nextCursor ?? undefined }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                // A document moved between two pages' reads must not show twice.
                const seen = new Set(context.items.map((item) => item.document_id));
                return {
                  items: [...context.items, ...event.output.items.filter((item) => !seen.has(item.document_id))],
                  nextCursor: event.output.next_cursor,
                };
              }),
            },
            onError: { target: 'idle', actions: assign({ moreError: failureOf }) },
          },
        },
      },
    },
    notFound: {},
    invalid: {},
    failed: { on: { 'page.retry': 'loading' } },
  },
});

// Narrow selectors for the screen.
type PublicCollectionSnapshot = SnapshotFrom<typeof publicCollectionMachine>;
export type PublicCollectionStatus = LoadStatus;
export const selectStatus = (s: PublicCollectionSnapshot): PublicCollectionStatus => loadStatusOf(s);
export const selectPage = (s: PublicCollectionSnapshot) => s.context.page;
export const selectItems = (s: PublicCollectionSnapshot) => s.context.items;
export const selectHasMore = (s: PublicCollectionSnapshot) => s.context.nextCursor !== null;
export const selectLoadingMore = (s: PublicCollectionSnapshot) => s.matches({ loaded: 'loadingMore' });
export const selectError = (s: PublicCollectionSnapshot) => s.context.error;
export const selectMoreError = (s: PublicCollectionSnapshot) => s.context.moreError;
