// Whether the library holds any documents, for the home page's "how to import" hint.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract';
import { failureOf } from '../failure';

export type LibrarySummary = { empty: boolean };

export const librarySummaryMachine = setup({
  types: {
    context: {} as { summary?: LibrarySummary; error?: ApiError },
    events: {} as { type: 'library.load' } | { type: 'library.retry' },
  },
  actors: {
    // One item is enough to tell an empty library from a filled one.
    loadSummary: fromPromise<LibrarySummary>(async ({ signal }) => {
      const list = await call(routes.listDocuments, { query: { limit: 1 }, signal });
      return { empty: list.items.length === 0 };
    }),
  },
}).createMachine({
  id: 'librarySummary',
  context: {},
  initial: 'idle',
  states: {
    idle: { on: { 'library.load': 'loading' } },
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadSummary',
        onDone: { target: 'loaded', actions: assign({ summary: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: failureOf }) },
      },
    },
    loaded: {},
    failed: { on: { 'library.retry': 'loading' } },
  },
});

// Narrow selectors for the screen.
type LibrarySummarySnapshot = SnapshotFrom<typeof librarySummaryMachine>;
export const selectEmpty = (s: LibrarySummarySnapshot) => s.matches('loaded') && s.context.summary?.empty === true;
export const selectLibraryError = (s: LibrarySummarySnapshot) => (s.matches('failed') ? s.context.error : undefined);
