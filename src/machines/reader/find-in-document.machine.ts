// Find in the document (Ctrl/Cmd+F in the reader): the query is sent to the server after a short
// pause in typing, the hits of the whole version come back, and next/previous walk them, asking
// the reader to go to the provision of each (goToNode). Closed, it forgets the query.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract';
import type { FindResult } from '../../api/contract/find';
import { failureOf } from '../failure';

export interface FindScope {
  documentId: string;
  branch?: string;
  lang?: string;
}

/** One hit: its fragment and node, and which of the fragment's hits it is. */
export interface FindPosition {
  fragmentId: string;
  nodeId: string;
  occurrence: number;
}

export interface FindContext extends FindScope {
  query: string;
  result?: FindResult;
  positions: FindPosition[];
  /** The hit the reader is on, an index into positions. */
  index: number;
  error?: ApiError;
}

export type FindEvent =
  | { type: 'find.open' }
  | { type: 'find.close' }
  | { type: 'find.input'; value: string }
  | { type: 'find.next' }
  | { type: 'find.previous' }
  | { type: 'find.retry' }
  | { type: 'find.scope'; branch?: string; lang?: string };

const MAX_QUERY = 200;

/** Every listed hit, fragment by fragment in document order. */
export const positionsOf = (result: FindResult): FindPosition[] =>
  result.items.flatMap((item) =>
    Array.from({ length: item.hits }, (_, occurrence) => ({
      fragmentId: item.fragment_id,
      nodeId: item.node_id,
      occurrence,
    })),
  );

/** Goes to the current hit's provision (nothing without hits). */
const goToCurrent = {
  type: 'goToNode',
  params: ({ context }: { context: FindContext }) => ({ nodeId: context.positions[context.index]?.nodeId }),
} as const;

const searchable = (query: string) => query.trim() !== '' && query.length <= MAX_QUERY && !query.includes('\u0000');

export const findInDocumentMachine = setup({
  types: {
    context: {} as FindContext,
    events: {} as FindEvent,
    input: {} as FindScope,
  },
  actors: {
    findHits: fromPromise<FindResult, FindScope & { query: string }>(({ input, signal }) =>
      call(routes.findInDocument, {
        params: { id: input.documentId },
        query: { q: input.query, branch: input.branch, lang: input.lang },
        signal,
      }),
    ),
  },
  actions: {
    /** Told the node of the current hit: the page scrolls the reader there. */
    goToNode: (_, _params: { nodeId: string | undefined }) => {},
    clearResult: assign({ result: undefined, positions: [], index: 0 }),
  },
  delays: { typing: 250 },
  guards: {
    searchable: ({ context }) => searchable(context.query),
    hasHits: ({ context }) => context.positions.length > 0,
  },
}).createMachine({
  id: 'findInDocument',
  context: ({ input }) => ({ ...input, query: '', positions: [], index: 0 }),
  initial: 'closed',
  on: {
    'find.scope': {
      // Another version or language: the hits are another text's.
      actions: assign({ branch: ({ event }) => event.branch, lang: ({ event }) => event.lang }),
      target: '.closed',
    },
  },
  states: {
    closed: {
      entry: assign({ query: '', result: undefined, positions: [], index: 0, error: undefined }),
      on: { 'find.open': 'open' },
    },
    open: {
      initial: 'idle',
      on: {
        'find.close': 'closed',
        'find.open': {},
        'find.input': {
          target: '.typing',
          actions: assign({ query: ({ event }) => event.value.slice(0, MAX_QUERY) }),
        },
      },
      states: {
        idle: {},
        typing: {
          after: {
            typing: [
              { guard: 'searchable', target: 'searching' },
              { target: 'idle', actions: 'clearResult' },
            ],
          },
        },
        searching: {
          invoke: {
            src: 'findHits',
            input: ({ context }) => ({
              documentId: context.documentId,
              branch: context.branch,
              lang: context.lang,
              query: context.query,
            }),
            onDone: {
              target: 'found',
              actions: [
                assign({
                  result: ({ event }) => event.output,
                  positions: ({ event }) => positionsOf(event.output),
                  index: 0,
                  error: undefined,
                }),
                goToCurrent,
              ],
            },
            onError: { target: 'failed', actions: assign({ error: failureOf }) },
          },
        },
        found: {
          on: {
            'find.next': {
              guard: 'hasHits',
              actions: [
                assign({ index: ({ context }) => (context.index + 1) % context.positions.length }),
                goToCurrent,
              ],
            },
            'find.previous': {
              guard: 'hasHits',
              actions: [
                assign({
                  index: ({ context }) => (context.index - 1 + context.positions.length) % context.positions.length,
                }),
                goToCurrent,
              ],
            },
          },
        },
        failed: { on: { 'find.retry': 'searching' } },
      },
    },
  },
});

type FindSnapshot = SnapshotFrom<typeof findInDocumentMachine>;
export const selectFindOpen = (s: FindSnapshot) => s.matches('open');
export const selectFindQuery = (s: FindSnapshot) => s.context.query;
export const selectFindSearching = (s: FindSnapshot) =>
  s.matches({ open: 'searching' }) || s.matches({ open: 'typing' });
export const selectFindError = (s: FindSnapshot) => (s.matches({ open: 'failed' }) ? s.context.error : undefined);
/** Total hits of the version (beyond the listed ones too); undefined before a search answered. */
export const selectFindTotal = (s: FindSnapshot) =>
  s.matches({ open: 'found' }) ? s.context.result?.total : undefined;
/** 1-based number of the current hit, 0 without hits. */
export const selectFindCurrent = (s: FindSnapshot) => (s.context.positions.length > 0 ? s.context.index + 1 : 0);
export const selectFindCurrentFragment = (s: FindSnapshot) => s.context.positions[s.context.index]?.fragmentId;
/** The current hit (fragment and which of its hits), undefined without hits. */
export const selectFindCurrentPosition = (s: FindSnapshot): FindPosition | undefined =>
  s.context.positions[s.context.index];
