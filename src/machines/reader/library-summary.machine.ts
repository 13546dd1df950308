// The home page's library summary: documents per jurisdiction, recently updated, public
// collections; an empty library gets the "how to import" hint.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes, type LibrarySummary } from '../../api/contract';
import { failureOf } from '../failure';

export type { LibrarySummary };

/** The home page's entry points: Czech law, EU law, everything else. */
export interface LibraryCounts {
  cz: number;
  eu: number;
  other: number;
  recentlyUpdated: number;
  publicCollections: number;
}

export const librarySummaryMachine = setup({
  types: {
    context: {} as { summary?: LibrarySummary; error?: ApiError },
    events: {} as { type: 'library.load' } | { type: 'library.retry' },
  },
  actors: {
    loadSummary: fromPromise<LibrarySummary>(({ signal }) => call(routes.getLibrarySummary, { signal })),
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
    // Loaded again after the empty library's starter set arrived.
    loaded: { on: { 'library.load': 'loading' } },
    failed: { on: { 'library.retry': 'loading' } },
  },
});

/** Counts per entry point; 'other' is every jurisdiction but Czech and EU. */
export function countsOf(summary: LibrarySummary): LibraryCounts {
  const of = (value: string) => summary.jurisdictions.find((row) => row.value === value)?.count ?? 0;
  return {
    cz: of('cz'),
    eu: of('eu'),
    other: summary.documents - of('cz') - of('eu'),
    recentlyUpdated: summary.recently_updated,
    publicCollections: summary.public_collections,
  };
}

// Narrow selectors for the screen.
type LibrarySummarySnapshot = SnapshotFrom<typeof librarySummaryMachine>;
export const selectEmpty = (s: LibrarySummarySnapshot) => s.matches('loaded') && s.context.summary?.documents === 0;
export const selectSummary = (s: LibrarySummarySnapshot) => s.context.summary;
export const selectLibraryError = (s: LibrarySummarySnapshot) => (s.matches('failed') ? s.context.error : undefined);
