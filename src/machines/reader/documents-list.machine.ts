// The documents list: search by law number (and title words), refresh, and the 401 rule
// (signed-out readers see an empty list, not an error).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes, type Document } from '../../api/contract';
import { failedWithStatus, failureOf } from '../failure';

export interface DocumentSearch {
  externalId: string;
  q: string;
}

export interface DocumentsListContext extends DocumentSearch {
  documents: Document[];
  error?: ApiError;
}

export type DocumentsListEvent =
  { type: 'search.change'; externalId?: string; q?: string } | { type: 'search.submit' } | { type: 'search.refresh' };

export const documentsListMachine = setup({
  types: {
    context: {} as DocumentsListContext,
    events: {} as DocumentsListEvent,
    input: {} as Partial<DocumentSearch> | undefined,
  },
  actors: {
    loadDocuments: fromPromise(({ input, signal }: { input: DocumentSearch; signal: AbortSignal }) =>
      call(routes.listDocuments, {
        query: { external_id: input.externalId.trim() || undefined, q: input.q.trim() || undefined, limit: 200 },
        signal,
      }).then((list) => list.items),
    ),
  },
  guards: {
    isUnauthorized: failedWithStatus(401),
  },
}).createMachine({
  id: 'documentsList',
  context: ({ input }) => ({ externalId: input?.externalId ?? '', q: input?.q ?? '', documents: [] }),
  initial: 'loading',
  on: {
    'search.change': {
      actions: assign(({ context, event }) => ({
        externalId: event.externalId ?? context.externalId,
        q: event.q ?? context.q,
      })),
    },
    'search.submit': { target: '.loading', reenter: true },
    'search.refresh': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadDocuments',
        input: ({ context }) => ({ externalId: context.externalId, q: context.q }),
        onDone: { target: 'loaded', actions: assign({ documents: ({ event }) => event.output }) },
        onError: [
          // A 401 is a signed-out reader of a private library: an empty list, no error.
          { guard: 'isUnauthorized', target: 'loaded', actions: assign({ documents: [] }) },
          { target: 'failed', actions: assign({ documents: [], error: failureOf }) },
        ],
      },
    },
    loaded: {},
    failed: {},
  },
});

// Narrow selectors for the screen.
type DocumentsListSnapshot = SnapshotFrom<typeof documentsListMachine>;
export const selectStatus = (s: DocumentsListSnapshot) =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading';
export const selectDocuments = (s: DocumentsListSnapshot) => s.context.documents;
export const selectError = (s: DocumentsListSnapshot) => s.context.error;
export const selectExternalId = (s: DocumentsListSnapshot) => s.context.externalId;
export const selectQ = (s: DocumentsListSnapshot) => s.context.q;
