// The versions (branches) of a document, newest first, and the selected one. Nothing is selected
// by default (the API then serves main); a branch named in the address is selected once loaded.
// A child of the document page, which it tells whenever the selection is settled.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes, type Branch } from '../../api/contract';
import { isoDateOrUndefined } from '../../shared/provision-path';
import { todayIso, versionInForceOn, versionStatus } from '../../shared/versions-in-force';
import { failureOf } from '../failure';

export interface BranchSelectionContext {
  documentId: string;
  /** The `branch` query (a branch name or id, maybe not (yet) known), or the `at` query's date. */
  requested?: string;
  branches: Branch[];
  selectedBranchId?: string;
  error?: ApiError;
}

export type BranchSelectionEvent = { type: 'branch.request'; requested?: string } | { type: 'branches.retry' };

/**
 * The branch a name or id names, if the document has it; a date (`?at=YYYY-MM-DD`) names the
 * version in force on that day.
 */
export const findBranch = (branches: readonly Branch[], nameOrId: string | undefined) => {
  if (nameOrId === undefined) return undefined;
  const date = isoDateOrUndefined(nameOrId);
  if (date) return versionInForceOn(branches, date);
  return branches.find((branch) => branch.id === nameOrId || branch.name === nameOrId);
};

export const branchSelectionMachine = setup({
  types: {
    context: {} as BranchSelectionContext,
    events: {} as BranchSelectionEvent,
    input: {} as { documentId: string; requested?: string },
  },
  actors: {
    loadBranches: fromPromise(({ input, signal }: { input: { documentId: string }; signal: AbortSignal }) =>
      call(routes.listBranches, { query: { document_id: input.documentId, limit: 500 }, signal }).then(
        (list) => list.items,
      ),
    ),
  },
  actions: {
    selectRequested: assign({ selectedBranchId: ({ context }) => findBranch(context.branches, context.requested)?.id }),
    /** Provided by the document page: the list is in (or failed) and the selection settled. */
    reportSelection: () => {},
  },
}).createMachine({
  id: 'branchSelection',
  context: ({ input }) => ({ documentId: input.documentId, requested: input.requested, branches: [] }),
  initial: 'loading',
  on: {
    // Before the list arrives only remember the request; it is resolved on arrival.
    'branch.request': { actions: assign({ requested: ({ event }) => event.requested }) },
  },
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadBranches',
        input: ({ context }) => ({ documentId: context.documentId }),
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'empty',
            actions: [assign({ branches: [] }), 'reportSelection'],
          },
          {
            target: 'loaded',
            actions: [assign({ branches: ({ event }) => event.output }), 'selectRequested', 'reportSelection'],
          },
        ],
        onError: { target: 'error', actions: [assign({ error: failureOf }), 'reportSelection'] },
      },
    },
    loaded: {
      on: {
        'branch.request': {
          actions: [assign({ requested: ({ event }) => event.requested }), 'selectRequested', 'reportSelection'],
        },
      },
    },
    empty: {},
    error: { on: { 'branches.retry': 'loading' } },
  },
});

// Narrow selectors for the screen.
type BranchSelectionSnapshot = SnapshotFrom<typeof branchSelectionMachine>;
export type BranchStatus = 'loading' | 'loaded' | 'empty' | 'error';
export const selectBranchStatus = (s: BranchSelectionSnapshot): BranchStatus =>
  s.matches('loaded') ? 'loaded' : s.matches('empty') ? 'empty' : s.matches('error') ? 'error' : 'loading';
export const selectBranches = (s: BranchSelectionSnapshot) => s.context.branches;
export const selectSelectedBranchId = (s: BranchSelectionSnapshot) => s.context.selectedBranchId;
export const selectBranchError = (s: BranchSelectionSnapshot) => s.context.error;
/** The version in force today (undefined while none is dated or started). */
export const selectBranchInForce = (s: BranchSelectionSnapshot, today = todayIso()) =>
  versionInForceOn(s.context.branches, today);
/** The version read: the selected one, else main (what the API serves without a choice). */
export const selectReadBranch = (s: BranchSelectionSnapshot) =>
  findBranch(s.context.branches, s.context.selectedBranchId) ?? s.context.branches.find((b) => b.kind === 'main');
export { versionStatus };
