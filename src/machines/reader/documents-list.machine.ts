// The documents list: search by law number (and title words), refresh, and the 401 rule
// (signed-out readers see an empty list, not an error).
import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document } from '../../api/contract';
import { listDocuments } from '../../api/library';

export interface DocumentSearch {
  externalId: string;
  q: string;
}

export interface DocumentsListContext extends DocumentSearch {
  documents: Document[];
  error?: string;
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
      listDocuments(
        { external_id: input.externalId.trim() || undefined, q: input.q.trim() || undefined, limit: 200 },
        { signal },
      ).then((list) => list.items),
    ),
  },
  guards: {
    isUnauthorized: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
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
          { target: 'failed', actions: assign({ documents: [], error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    loaded: {},
    failed: {},
  },
});

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
