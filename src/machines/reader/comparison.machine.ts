// The version comparison flow: load the document and its versions, check the address's
// versions, then compare the chosen pair (set counts + provision changes) page by page. The flow
// keeps its choice in the address (`base`, `head`, `lang`) through the `navigate` action the screen
// provides (history replace), so a reload or a shared link shows the same comparison.
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { CompareChanges } from '../../api/contract/compare-changes';
import { routes, type Branch, type Comparison, type Document } from '../../api/contract';
import { failedWith, failureOf } from '../failure';
import { isoDateOrUndefined } from '../../shared/provision-path';
import { versionInForceOn } from '../../shared/versions-in-force';

/** Provisions per page of changes. */
export const COMPARE_CHANGES_PAGE = 200;

interface ChangesInput {
  base: string;
  head: string;
  lang?: string;
  offset?: number;
}

const getChanges = (input: ChangesInput, signal: AbortSignal) =>
  call(routes.compareChanges, {
    query: {
      branch_id_a: input.base,
      branch_id_b: input.head,
      lang: input.lang,
      limit: COMPARE_CHANGES_PAGE,
      offset: input.offset,
    },
    signal,
  });

/**
 * A version named in the address: a version id, or a date (YYYY-MM-DD) for the version in force
 * then (the latest valid_from on or before it); undefined when no version was in force that day.
 */
export function resolveVersion(value: string | undefined, branches: readonly Branch[]): string | undefined {
  const date = isoDateOrUndefined(value);
  return date ? versionInForceOn(branches, date)?.id : value;
}

export interface ComparisonInput {
  /** From the address; undefined when the path segment holds no UUID. */
  documentId: string | undefined;
  /** A version id or a date (`?from=2015-01-01&to=2026-01-01`); dates resolve once the versions are loaded. */
  from?: string;
  to?: string;
  /** The panel's own choice, written back to the address; from/to when absent. */
  base?: string;
  head?: string;
  lang?: string;
  /** The address's query, without '?'. */
  search: string;
}

/** The input as given (the address and the panel's choice), then what was loaded. */
export interface ComparisonContext extends ComparisonInput {
  document?: Document;
  branches: Branch[];
  comparison?: Comparison;
  changes?: CompareChanges;
  /** What the not-found state is about. */
  missing?: 'document' | 'branches';
  error?: ApiError;
}

export type ComparisonEvent =
  | { type: 'base.select'; branchId: string }
  | { type: 'head.select'; branchId: string }
  | { type: 'language.select'; lang: string }
  | { type: 'changes.more' }
  | { type: 'compare.retry' }
  /** The screen's address changed (back, forward, a link, or our own navigation coming back). */
  | { type: 'address.change'; search: string };

/** The query with the flow's versions and language written in (none removed); undefined when it holds them. */
function queryWithChoice({ search, base, head, lang }: ComparisonContext): string | undefined {
  const params = new URLSearchParams(search);
  let changed = false;
  for (const [key, value] of Object.entries({ base, head, lang })) {
    if (value === undefined || params.get(key) === value) continue;
    params.set(key, value);
    changed = true;
  }
  return changed ? params.toString() : undefined;
}

const comparisonSetup = setup({
  types: {
    context: {} as ComparisonContext,
    events: {} as ComparisonEvent,
    input: {} as ComparisonInput,
  },
  actors: {
    loadDocument: fromPromise(async ({ input, signal }: { input: { documentId: string }; signal: AbortSignal }) => {
      const [document, branches] = await Promise.all([
        call(routes.getDocument, { params: { id: input.documentId }, signal }),
        call(routes.listBranches, { query: { document_id: input.documentId, limit: 500 }, signal }),
      ]);
      return { document, branches: branches.items };
    }),
    compare: fromPromise(
      async ({ input, signal }: { input: { base: string; head: string; lang?: string }; signal: AbortSignal }) => {
        const [comparison, changes] = await Promise.all([
          call(routes.compareBranches, {
            query: { branch_id_a: input.base, branch_id_b: input.head, limit: 100 },
            signal,
          }),
          getChanges(input, signal),
        ]);
        return { comparison, changes };
      },
    ),
    loadMoreChanges: fromPromise(({ input, signal }: { input: ChangesInput; signal: AbortSignal }) =>
      getChanges(input, signal),
    ),
  },
  delays: {
    // Changing one selector often comes right before changing the other: compare once.
    selectionSettle: 300,
  },
  guards: {
    hasDocumentId: ({ context }) => context.documentId !== undefined,
    hasParams: ({ context }) => Boolean(context.from && context.to),
    branchesExist: ({ context }) => [context.from, context.to].every((id) => context.branches.some((b) => b.id === id)),
    hasTwoVersions: ({ context }) => Boolean(context.base && context.head && context.base !== context.head),
    hasMore: ({ context }) => context.changes?.next_offset != null,
    isNotFound: failedWith('not_found'),
  },
  actions: {
    // base/head from the address win when they name versions of this document; else from/to.
    settleSelection: assign(({ context }) => {
      const known = (id: string | undefined) => (id && context.branches.some((b) => b.id === id) ? id : undefined);
      return { base: known(context.base) ?? context.from, head: known(context.head) ?? context.to };
    }),
    clearResults: assign({ comparison: undefined, changes: undefined, error: undefined }),
    /** Provided by the screen: replace the address's query with this one. */
    navigate: (_, _params: { search: string }) => {},
  },
});

/** Asks for an address that holds the chosen versions and language, when it does not yet. */
const syncAddress = comparisonSetup.createAction(
  enqueueActions(({ context, enqueue }) => {
    const search = queryWithChoice(context);
    if (search === undefined) return;
    enqueue.assign({ search });
    enqueue({ type: 'navigate', params: { search } });
  }),
);

export const comparisonMachine = comparisonSetup.createMachine({
  id: 'comparison',
  context: ({ input }) => ({ ...input, branches: [] }),
  initial: 'start',
  on: {
    'address.change': { actions: [assign(({ event }) => ({ search: event.search })), syncAddress] },
  },
  states: {
    start: {
      always: [
        { guard: 'hasDocumentId', target: 'loading' },
        { target: 'notFound', actions: assign({ missing: 'document' }) },
      ],
    },
    loading: {
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ documentId: context.documentId! }),
        onDone: {
          target: 'checking',
          actions: assign(({ context, event }) => ({
            document: event.output.document,
            branches: event.output.branches,
            from: resolveVersion(context.from, event.output.branches) ?? context.from,
            to: resolveVersion(context.to, event.output.branches) ?? context.to,
          })),
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: assign({ missing: 'document' }) },
          { target: 'loadFailed', actions: assign({ error: failureOf }) },
        ],
      },
    },
    checking: {
      always: [{ guard: 'hasParams', target: 'checkBranches' }, { target: 'invalidParams' }],
    },
    checkBranches: {
      always: [
        { guard: 'branchesExist', target: 'ready', actions: ['settleSelection', syncAddress] },
        { target: 'notFound', actions: assign({ missing: 'branches' }) },
      ],
    },
    invalidParams: { type: 'final' },
    notFound: { type: 'final' },
    loadFailed: { type: 'final' },
    ready: {
      initial: 'deciding',
      on: {
        'base.select': {
          target: '.settling',
          actions: [assign(({ event }) => ({ base: event.branchId })), 'clearResults', syncAddress],
        },
        'head.select': {
          target: '.settling',
          actions: [assign(({ event }) => ({ head: event.branchId })), 'clearResults', syncAddress],
        },
      },
      states: {
        deciding: {
          always: [{ guard: 'hasTwoVersions', target: 'comparing' }, { target: 'choosing' }],
        },
        choosing: {},
        settling: {
          after: { selectionSettle: 'deciding' },
        },
        comparing: {
          invoke: {
            src: 'compare',
            input: ({ context }) => ({ base: context.base!, head: context.head!, lang: context.lang }),
            onDone: {
              target: 'compared',
              actions: assign(({ event }) => ({
                comparison: event.output.comparison,
                changes: event.output.changes,
                error: undefined,
              })),
            },
            onError: { target: 'failed', actions: assign({ error: failureOf }) },
          },
        },
        compared: {
          initial: 'idle',
          on: {
            'language.select': {
              target: 'comparing',
              actions: [assign(({ event }) => ({ lang: event.lang })), 'clearResults', syncAddress],
            },
          },
          states: {
            idle: {
              on: { 'changes.more': { guard: 'hasMore', target: 'loadingMore' } },
            },
            loadingMore: {
              invoke: {
                src: 'loadMoreChanges',
                input: ({ context }) => ({
                  base: context.base!,
                  head: context.head!,
                  lang: context.changes?.language ?? context.lang,
                  offset: context.changes!.next_offset!,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    changes: {
                      ...event.output,
                      changed: [...context.changes!.changed, ...event.output.changed],
                      added: [...context.changes!.added, ...event.output.added],
                      removed: [...context.changes!.removed, ...event.output.removed],
                    },
                  })),
                },
                onError: { target: 'moreFailed', actions: assign({ error: failureOf }) },
              },
            },
            moreFailed: {
              on: { 'changes.more': { target: 'loadingMore' } },
            },
          },
        },
        failed: {
          on: { 'compare.retry': { target: 'comparing' } },
        },
      },
    },
  },
});

export type ComparisonSnapshot = SnapshotFrom<typeof comparisonMachine>;

// Narrow selectors for the screen.
export const selectPhase = (s: ComparisonSnapshot) =>
  s.matches('invalidParams')
    ? 'invalidParams'
    : s.matches('notFound')
      ? 'notFound'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('ready')
          ? 'ready'
          : 'loading';
export const selectPanelPhase = (s: ComparisonSnapshot) =>
  s.matches({ ready: 'compared' })
    ? 'compared'
    : s.matches({ ready: 'failed' })
      ? 'failed'
      : s.matches({ ready: 'choosing' })
        ? 'choosing'
        : 'comparing';
export const selectDocument = (s: ComparisonSnapshot) => s.context.document;
export const selectBranches = (s: ComparisonSnapshot) => s.context.branches;
export const selectMissing = (s: ComparisonSnapshot) => s.context.missing;
export const selectBase = (s: ComparisonSnapshot) => s.context.base;
export const selectHead = (s: ComparisonSnapshot) => s.context.head;
export const selectComparison = (s: ComparisonSnapshot) => s.context.comparison;
export const selectChanges = (s: ComparisonSnapshot) => s.context.changes;
export const selectLoadingMore = (s: ComparisonSnapshot) => s.matches({ ready: { compared: 'loadingMore' } });
export const selectError = (s: ComparisonSnapshot) => s.context.error;
export const selectMoreFailed = (s: ComparisonSnapshot) => s.matches({ ready: { compared: 'moreFailed' } });
