// One document with its structure nodes, for the selected version (branch). The id comes from
// the `{id}-{slug}` path segment; a branch change reloads both.
import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document, Node } from '../../api/contract';
import { getDocument, listNodes } from '../../api/library';
import { documentIdFromSegment } from '../../shared/document-path';

export const NODE_PAGE = 2000;

export interface DocumentDetailContext {
  documentId?: string;
  branch?: string;
  document?: Document;
  nodes: Node[];
  error?: string;
}

export type DocumentDetailEvent = { type: 'branch.change'; branch?: string } | { type: 'document.retry' };

interface LoadInput {
  documentId: string;
  branch?: string;
}

/** Every node of a branch: pages of 2000 until a short page. */
export async function listAllNodes(
  documentId: string,
  branch: string | undefined,
  signal?: AbortSignal,
): Promise<Node[]> {
  const nodes: Node[] = [];
  for (let offset = 0; ; offset += NODE_PAGE) {
    const page = await listNodes(documentId, { branch, limit: NODE_PAGE, offset }, { signal });
    nodes.push(...page.items);
    if (page.items.length < NODE_PAGE) return nodes;
  }
}

export const documentDetailMachine = setup({
  types: {
    context: {} as DocumentDetailContext,
    events: {} as DocumentDetailEvent,
    input: {} as { idSlug: string; branch?: string },
  },
  actors: {
    loadDocument: fromPromise(async ({ input, signal }: { input: LoadInput; signal: AbortSignal }) => {
      const [document, nodes] = await Promise.all([
        getDocument(input.documentId, input.branch, { signal }),
        listAllNodes(input.documentId, input.branch, signal),
      ]);
      return { document, nodes };
    }),
  },
  actions: {
    setBranch: assign({ branch: ({ event }) => (event.type === 'branch.change' ? event.branch : undefined) }),
  },
  guards: {
    hasId: ({ context }) => context.documentId !== undefined,
    branchDiffers: ({ context, event }) => event.type === 'branch.change' && event.branch !== context.branch,
    isNotFound: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 404;
    },
  },
}).createMachine({
  id: 'documentDetail',
  context: ({ input }) => ({ documentId: documentIdFromSegment(input.idSlug), branch: input.branch, nodes: [] }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'invalidId' }] },
    invalidId: { type: 'final' },
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ documentId: context.documentId!, branch: context.branch }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({ document: event.output.document, nodes: event.output.nodes })),
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'error',
            actions: assign({
              error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
            }),
          },
        ],
      },
      on: { 'branch.change': { guard: 'branchDiffers', target: 'loading', reenter: true, actions: 'setBranch' } },
    },
    loaded: { on: { 'branch.change': { guard: 'branchDiffers', target: 'loading', actions: 'setBranch' } } },
    notFound: { on: { 'branch.change': { guard: 'branchDiffers', target: 'loading', actions: 'setBranch' } } },
    error: {
      on: {
        'branch.change': { guard: 'branchDiffers', target: 'loading', actions: 'setBranch' },
        'document.retry': 'loading',
      },
    },
  },
});
