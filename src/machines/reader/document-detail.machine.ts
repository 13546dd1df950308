// One document with its structure nodes, for the selected version (branch); a branch change
// reloads both. The document comes titled in the reading language (`lang`); a language change
// asks for the title again, not the structure. A child of the document page, which it tells when a load is in.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { routes, type Document, type Node } from '../../api/contract';
import { call } from '../../api/client';
import { listAllNodes } from '../../api/library';
import { failedWith, failureOf } from '../failure';

export interface DocumentDetailContext {
  documentId: string;
  branch?: string;
  /** The reading language: the title comes in it where the text has it. */
  lang?: string;
  document?: Document;
  nodes: Node[];
  error?: ApiError;
}

export type DocumentDetailEvent =
  { type: 'branch.change'; branch?: string } | { type: 'language.change'; lang: string } | { type: 'document.retry' };

interface LoadInput {
  documentId: string;
  branch?: string;
  lang?: string;
}

export const documentDetailMachine = setup({
  types: {
    context: {} as DocumentDetailContext,
    events: {} as DocumentDetailEvent,
    input: {} as { documentId: string; branch?: string; lang?: string },
  },
  actors: {
    loadDocument: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: LoadInput;
        signal: AbortSignal;
      }): Promise<{ document: Document; nodes: Node[]; lang?: string }> => {
        const [document, nodes] = await Promise.all([
          call(routes.getDocument, {
            params: { id: input.documentId },
            query: { branch: input.branch, lang: input.lang },
            signal,
          }),
          listAllNodes(input.documentId, input.branch, signal),
        ]);
        return { document, nodes, lang: input.lang };
      },
    ),
    loadTitle: fromPromise(({ input, signal }: { input: LoadInput; signal: AbortSignal }) =>
      call(routes.getDocument, {
        params: { id: input.documentId },
        query: { branch: input.branch, lang: input.lang },
        signal,
      }),
    ),
  },
  actions: {
    setBranch: assign({ branch: ({ event }) => (event.type === 'branch.change' ? event.branch : undefined) }),
    /** Provided by the document page: the document and its nodes are in. */
    reportLoaded: () => {},
  },
  guards: {
    branchDiffers: ({ context, event }) => event.type === 'branch.change' && event.branch !== context.branch,
    languageDiffers: ({ context, event }) => event.type === 'language.change' && event.lang !== context.lang,
    isNotFound: failedWith('not_found'),
  },
}).createMachine({
  id: 'documentDetail',
  context: ({ input }) => ({ documentId: input.documentId, branch: input.branch, lang: input.lang, nodes: [] }),
  initial: 'loading',
  on: {
    'branch.change': { guard: 'branchDiffers', target: '.loading', reenter: true, actions: 'setBranch' },
    // Before the document is in, the load under way just asks in the new language next time.
    'language.change': { guard: 'languageDiffers', actions: assign({ lang: ({ event }) => event.lang }) },
  },
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ documentId: context.documentId, branch: context.branch, lang: context.lang }),
        onDone: [
          {
            // The language changed while loading: the structure is right, the title follows.
            guard: ({ context, event }) => event.output.lang !== context.lang,
            target: 'loaded.retitling',
            actions: [
              assign(({ event }) => ({ document: event.output.document, nodes: event.output.nodes })),
              'reportLoaded',
            ],
          },
          {
            target: 'loaded',
            actions: [
              assign(({ event }) => ({ document: event.output.document, nodes: event.output.nodes })),
              'reportLoaded',
            ],
          },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'error', actions: assign({ error: failureOf }) },
        ],
      },
    },
    loaded: {
      initial: 'idle',
      on: {
        'language.change': {
          guard: 'languageDiffers',
          target: '.retitling',
          reenter: true,
          actions: assign({ lang: ({ event }) => event.lang }),
        },
      },
      states: {
        idle: {},
        retitling: {
          invoke: {
            src: 'loadTitle',
            input: ({ context }) => ({ documentId: context.documentId, branch: context.branch, lang: context.lang }),
            onDone: { target: 'idle', actions: assign({ document: ({ event }) => event.output }) },
            // The title in the other language is a nicety: the one shown stays.
            onError: 'idle',
          },
        },
      },
    },
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
