// The versions (branches) of a document, newest first, and the selected one. Nothing is selected
// by default (the API then serves main); a branch named in the address is selected once loaded.
import { assign, fromPromise, setup } from 'xstate';
import type { Branch } from '../../api/contract';
import { listBranches } from '../../api/library';

export interface BranchSelectionContext {
  documentId: string;
  /** The `branch` query: a branch name or id, maybe not (yet) known. */
  requested?: string;
  branches: Branch[];
  selectedBranchId?: string;
  error?: string;
}

export type BranchSelectionEvent =
  | { type: 'branch.request'; requested?: string }
  | { type: 'branch.select'; branchId?: string }
  | { type: 'branches.retry' };

/** The branch a name or id names, if the document has it. */
export const findBranch = (branches: Branch[], nameOrId: string | undefined) =>
  nameOrId === undefined ? undefined : branches.find((branch) => branch.id === nameOrId || branch.name === nameOrId);

export const branchSelectionMachine = setup({
  types: {
    context: {} as BranchSelectionContext,
    events: {} as BranchSelectionEvent,
    input: {} as { documentId: string; requested?: string },
  },
  actors: {
    loadBranches: fromPromise(({ input, signal }: { input: { documentId: string }; signal: AbortSignal }) =>
      listBranches(input.documentId, { signal }).then((list) => list.items),
    ),
  },
  actions: {
    selectRequested: assign({ selectedBranchId: ({ context }) => findBranch(context.branches, context.requested)?.id }),
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
          { guard: ({ event }) => event.output.length === 0, target: 'empty', actions: assign({ branches: [] }) },
          { target: 'loaded', actions: [assign({ branches: ({ event }) => event.output }), 'selectRequested'] },
        ],
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    loaded: {
      on: {
        'branch.request': { actions: [assign({ requested: ({ event }) => event.requested }), 'selectRequested'] },
        'branch.select': {
          guard: ({ context, event }) =>
            event.branchId === undefined || context.branches.some((branch) => branch.id === event.branchId),
          actions: assign({ selectedBranchId: ({ event }) => event.branchId }),
        },
      },
    },
    empty: {},
    error: { on: { 'branches.retry': 'loading' } },
  },
});
