// One document with its structure nodes, for the selected version (branch); a branch change
// reloads both. A child of the document page, which it tells when a load is in.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { routes, type Document, type Node } from '../../api/contract';
import { call } from '../../api/client';
import { listAllNodes } from '../../api/library';
import { failedWith, failureOf } from '../failure';

export interface DocumentDetailContext {
  documentId: string;
  branch?: string;
  document?: Document;
  nodes: Node[];
  error?: ApiError;
}

export type DocumentDetailEvent = { type: 'branch.change'; branch?: string } | { type: 'document.retry' };

interface LoadInput {
  documentId: string;
  branch?: string;
}

export const documentDetailMachine = setup({
  types: {
    context: {} as DocumentDetailContext,
    events: {} as DocumentDetailEvent,
    input: {} as { documentId: string; branch?: string },
  },
  actors: {
    loadDocument: fromPromise(async ({ input, signal }: { input: LoadInput; signal: AbortSignal }) => {
      const [document, nodes] = await Promise.all([
        call(routes.getDocument, { params: { id: input.documentId }, query: { branch: input.branch }, signal }),
        listAllNodes(input.documentId, input.branch, signal),
      ]);
      return { document, nodes };
    }),
  },
  actions: {
    setBranch: assign({ branch: ({ event }) => (event.type === 'branch.change' ? event.branch : undefined) }),
    /** Provided by the document page: the document and its nodes are in. */
    reportLoaded: () => {},
  },
  guards: {
    branchDiffers: ({ context, event }) => event.type === 'branch.change' && event.branch !== context.branch,
    isNotFound: failedWith('not_found'),
  },
}).createMachine({
  id: 'documentDetail',
  context: ({ input }) => ({ documentId: input.documentId, branch: input.branch, nodes: [] }),
  initial: 'loading',
  on: { 'branch.change': { guard: 'branchDiffers', target: '.loading', reenter: true, actions: 'setBranch' } },
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ documentId: context.documentId, branch: context.branch }),
        onDone: {
          target: 'loaded',
          actions: [
            assign(({ event }) => ({ document: event.output.document, nodes: event.output.nodes })),
            'reportLoaded',
          ],
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'error', actions: assign({ error: failureOf }) },
        ],
      },
    },
    loaded: {},
    notFound: {},
    error: { on: { 'document.retry': 'loading' } },
  },
});

// Narrow selectors for the screen.
type DocumentDetailSnapshot = SnapshotFrom<typeof documentDetailMachine>;
export const selectDocument = (s: DocumentDetailSnapshot) => s.context.document;
export const selectNodesLoaded = (s: DocumentDetailSnapshot) => s.matches('loaded');
export const selectNodes = (s: DocumentDetailSnapshot) => s.context.nodes;
export const selectNotFound = (s: DocumentDetailSnapshot) => s.matches('notFound');
/** The failure to show (not a 404: that is the not-found page). */
export const selectDetailError = (s: DocumentDetailSnapshot) => (s.matches('error') ? s.context.error : undefined);
