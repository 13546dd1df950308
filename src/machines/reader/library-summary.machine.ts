// Whether the library holds any documents, for the home page's "how to import" hint.
import { assign, fromPromise, setup } from 'xstate';
import { listDocuments } from '../../api/library';

export type LibrarySummary = { empty: boolean };

export const librarySummaryMachine = setup({
  types: {
    context: {} as { summary?: LibrarySummary; error?: string },
    events: {} as { type: 'library.load' } | { type: 'library.retry' },
  },
  actors: {
    // One item is enough to tell an empty library from a filled one.
    loadSummary: fromPromise<LibrarySummary>(async ({ signal }) => {
      const list = await listDocuments({ limit: 1 }, { signal });
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
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    loaded: {},
    failed: { on: { 'library.retry': 'loading' } },
  },
});
