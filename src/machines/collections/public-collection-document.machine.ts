// A document shown inside a collection (…/documents/{id}-{slug} below a collection's address):
// the collection, its owner and the document's item (note, pin), for the breadcrumbs and the
// pinned version. Until it has them the document is not shown: a 404 (not in the collection, or a
// collection the caller may not read) is notFound, a malformed address invalid (400), the rest
// failed, with retry.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ApiError, call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import type { CollectionItem, PublicCollectionDocument } from '../../api/contract/collections';
import { failedWith, failedWithStatus, failureOf } from '../failure';
import type { CollectionAddress } from './public-collection.machine';
import { loadStatusOf, type LoadStatus } from './load-status';

export interface CollectionDocumentInput {
  address: CollectionAddress;
  documentId: string;
}

/** A collection by id (the caller's own, maybe private): the collection and the document's item, side by side. */
async function loadByCollectionId(id: string, documentId: string, signal?: AbortSignal) {
  const [collection, item] = await Promise.all([
    call(routes.getCollection, { params: { id }, signal }),
    call(routes.getCollectionItem, { params: { id, docId: documentId }, signal }),
  ]);
  const { documents: _first, ...summary } = collection;
  return {
    collection: summary,
    owner: { type: summary.owner_type, handle: summary.owner_handle, name: summary.owner_handle },
    item,
    canonical_path: summary.public_path ?? `/collections/${encodeURIComponent(id)}`,
  } satisfies PublicCollectionDocument;
}

/** The collection and the document's item, by the kind of address. */
export function loadCollectionDocument(
  { address, documentId }: CollectionDocumentInput,
  signal?: AbortSignal,
): Promise<PublicCollectionDocument> {
  switch (address.kind) {
    case 'owner':
      return call(routes.getPublicCollectionDocument, {
        params: { ownerType: address.ownerType, handle: address.handle, slug: address.slug, documentId },
        signal,
      });
    case 'handle':
      return call(routes.getPublicCollectionDocumentByHandle, {
        params: { vanity: address.vanity, documentId },
        signal,
      });
    case 'id':
      return loadByCollectionId(address.id, documentId, signal);
  }
}

/** The version a collection item opens at: its pinned branch, or none (main) when not pinned. */
export const pinnedBranchOf = (item: CollectionItem): string | undefined =>
  item.as_of !== null && item.branch_id !== null ? item.branch_id : undefined;

export interface CollectionDocumentContext extends CollectionDocumentInput {
  view?: PublicCollectionDocument;
  error?: ApiError;
}

export const collectionDocumentMachine = setup({
  types: {
    context: {} as CollectionDocumentContext,
    events: {} as { type: 'page.retry' },
    input: {} as CollectionDocumentInput,
  },
  actors: {
    loadDocument: fromPromise(({ input, signal }: { input: CollectionDocumentInput; signal: AbortSignal }) =>
      loadCollectionDocument(input, signal),
    ),
  },
  guards: {
    notFound: failedWith('not_found'),
    invalid: failedWithStatus(400),
  },
}).createMachine({
  id: 'collectionDocument',
  context: ({ input }) => ({ address: input.address, documentId: input.documentId }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ address: context.address, documentId: context.documentId }),
        onDone: { target: 'loaded', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'invalid', target: 'invalid', actions: assign({ error: failureOf }) },
          { target: 'failed', actions: assign({ error: failureOf }) },
        ],
      },
    },
    loaded: {},
    notFound: {},
    invalid: {},
    failed: { on: { 'page.retry': 'loading' } },
  },
});

// Narrow selectors for the screen.
type CollectionDocumentSnapshot = SnapshotFrom<typeof collectionDocumentMachine>;
export type CollectionDocumentStatus = LoadStatus;
export const selectDocumentStatus = (s: CollectionDocumentSnapshot): CollectionDocumentStatus => loadStatusOf(s);
export const selectView = (s: CollectionDocumentSnapshot) => s.context.view;
export const selectDocumentError = (s: CollectionDocumentSnapshot) => s.context.error;
