// `/editor` without a fragment: pick a document (search as you type through the autocomplete, or
// one read lately when logged in), then one of its fragments in the main language, shown by cite
// key and first words; the screen links each fragment to `/editor/{id}`.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract';
import type { Node } from '../../api/contract';
import { getFragmentTexts, listAllNodes, listFragments } from '../../api/library';
import { provisionCite } from '../../lib/provision-cite';
import { failureOf } from '../failure';

/** A document as both the autocomplete and the reading history name it. */
export interface PickerDocument {
  document_id: string;
  title: string;
  external_id: string;
}

/** A fragment of the picked document: where it is (cite key) and how it starts. */
export interface PickerFragment {
  id: string;
  /** The provision's full name ('Čl. 1 odst. 1'), else the fragment's own cite key. */
  cite_key: string | null;
  /** The first words of its text; empty for a fragment without text. */
  excerpt: string;
  has_text: boolean;
}

export interface FragmentPageResult {
  items: PickerFragment[];
  nextCursor: string | null;
  /** The document's structure, loaded with the first page (it names the provisions). */
  nodes: Node[];
}

export const PICKER_SEARCH_LIMIT = 10;
export const PICKER_RECENT_LIMIT = 8;
export const PICKER_PAGE_SIZE = 100;
/** Words of a fragment's text shown in the list. */
export const EXCERPT_WORDS = 12;

/** The first `words` words of a text, with an ellipsis when there is more. */
export function excerptOf(text: string, words = EXCERPT_WORDS): string {
  const all = text.trim().split(/\s+/u).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

export interface EditorPickerInput {
  /** Someone is logged in: the reading history offers recent documents. */
  personal: boolean;
}

export interface EditorPickerContext {
  personal: boolean;
  query: string;
  /** Search results for `query` (the last answer, kept while the next one is on its way). */
  results: PickerDocument[];
  /** Documents read lately (logged in), shown while the query is blank. */
  recent: PickerDocument[];
  document?: PickerDocument;
  fragments: PickerFragment[];
  nextCursor: string | null;
  /** The picked document's structure, kept for the next pages. */
  nodes: Node[];
  error?: ApiError;
}

export type EditorPickerEvent =
  | { type: 'query.type'; value: string }
  | { type: 'document.pick'; document: PickerDocument }
  | { type: 'document.clear' }
  | { type: 'fragments.more' }
  | { type: 'retry' };

const isBlank = (query: string) => query.trim() === '';
const toDocument = ({ document_id, title, external_id }: PickerDocument): PickerDocument => ({
  document_id,
  title,
  external_id,
});

export const editorPickerMachine = setup({
  types: {
    input: {} as EditorPickerInput,
    context: {} as EditorPickerContext,
    events: {} as EditorPickerEvent,
  },
  actors: {
    search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
      call(routes.autocomplete, { query: { q: input.query, limit: PICKER_SEARCH_LIMIT }, signal }).then((list) =>
        list.items.filter((item) => item.group === 'search').map(toDocument),
      ),
    ),
    loadRecent: fromPromise(({ signal }: { signal: AbortSignal }) =>
      call(routes.recentDocuments, { query: { limit: PICKER_RECENT_LIMIT }, signal }).then((list) =>
        list.items.map(toDocument),
      ),
    ),
    /** One page of the document's fragments in its main language, with their texts' first words. */
    loadFragments: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { documentId: string; cursor: string | null; nodes: Node[] };
        signal: AbortSignal;
      }): Promise<FragmentPageResult> => {
        const [page, nodes] = await Promise.all([
          listFragments(
            input.documentId,
            { limit: PICKER_PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) },
            { signal },
          ),
          input.cursor === null ? listAllNodes(input.documentId, undefined, signal) : input.nodes,
        ]);
        const nodesById = new Map(nodes.map((node) => [node.id, node]));
        const withText = page.items.filter((fragment) => fragment.has_text).map((fragment) => fragment.id);
        const texts =
          withText.length > 0
            ? await getFragmentTexts(withText, page.items[0]?.language_code || undefined, { signal })
            : { items: [] };
        const textOf = new Map(texts.items.map((item) => [item.id, item.text]));
        return {
          items: page.items.map((fragment) => ({
            id: fragment.id,
            cite_key: provisionCite(nodesById.get(fragment.node_id), nodesById) ?? fragment.cite_key,
            has_text: fragment.has_text,
            excerpt: excerptOf(textOf.get(fragment.id) ?? ''),
          })),
          nextCursor: page.next_cursor,
          nodes,
        };
      },
    ),
  },
  actions: {
    setQuery: assign((_, params: { value: string }) => ({ query: params.value, error: undefined })),
  },
  delays: { debounce: 300 },
  guards: {
    blankQuery: ({ context }) => isBlank(context.query),
    personal: ({ context }) => context.personal,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'editorPicker',
  context: ({ input }) => ({
    personal: input.personal,
    query: '',
    results: [],
    recent: [],
    fragments: [],
    nextCursor: null,
    nodes: [],
  }),
  initial: 'documents',
  states: {
    documents: {
      initial: 'start',
      on: {
        'query.type': {
          target: '.checking',
          actions: { type: 'setQuery', params: ({ event }) => ({ value: event.value }) },
        },
        'document.pick': {
          target: 'fragments',
          actions: assign({
            document: ({ event }) => toDocument(event.document),
            fragments: [],
            nextCursor: null,
            nodes: [],
            error: undefined,
          }),
        },
      },
      states: {
        start: { always: [{ guard: 'personal', target: 'loadingRecent' }, { target: 'prompt' }] },
        // A history that fails to load costs only the shortcut: the search still works.
        loadingRecent: {
          invoke: {
            src: 'loadRecent',
            onDone: { target: 'prompt', actions: assign({ recent: ({ event }) => event.output }) },
            onError: { target: 'prompt' },
          },
        },
        /** Decides between the prompt (recent documents) and a search; every keystroke comes back here. */
        checking: {
          always: [
            { guard: 'blankQuery', target: 'prompt', actions: assign({ results: [] }) },
            { target: 'debouncing' },
          ],
        },
        prompt: {},
        debouncing: { after: { debounce: 'searching' } },
        // Leaving this state (a keystroke, a pick) stops the actor and aborts its request.
        searching: {
          invoke: {
            src: 'search',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: [
              { guard: ({ event }) => event.output.length === 0, target: 'empty', actions: assign({ results: [] }) },
              { target: 'results', actions: assign({ results: ({ event }) => event.output }) },
            ],
            onError: { target: 'failed', actions: assign({ results: [], error: failureOf }) },
          },
        },
        results: {},
        empty: {},
        failed: { on: { retry: 'searching' } },
      },
    },
    fragments: {
      initial: 'loading',
      on: {
        'document.clear': {
          target: 'documents.checking',
          actions: assign({ document: undefined, fragments: [], nextCursor: null, nodes: [], error: undefined }),
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadFragments',
            input: ({ context }) => ({
              documentId: context.document!.document_id,
              cursor: context.nextCursor,
              nodes: context.nodes,
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                fragments: ({ context, event }) => [...context.fragments, ...event.output.items],
                nextCursor: ({ event }) => event.output.nextCursor,
                nodes: ({ event }) => event.output.nodes,
              }),
            },
            onError: { target: 'failed', actions: assign({ error: failureOf }) },
          },
        },
        ready: { on: { 'fragments.more': { guard: 'hasMore', target: 'loading' } } },
        failed: { on: { retry: { target: 'loading', actions: assign({ error: undefined }) } } },
      },
    },
  },
});

// Narrow selectors for the screen.
type EditorPickerSnapshot = SnapshotFrom<typeof editorPickerMachine>;
export type PickerPhase =
  'start' | 'loadingRecent' | 'checking' | 'prompt' | 'debouncing' | 'searching' | 'results' | 'empty' | 'failed';
/** Where the document step is; undefined once a document is picked. */
export const selectDocumentPhase = (snapshot: EditorPickerSnapshot): PickerPhase | undefined => {
  const value = snapshot.value;
  return typeof value === 'object' && 'documents' in value ? (value.documents as PickerPhase) : undefined;
};
export type FragmentPhase = 'loading' | 'ready' | 'failed';
/** Where the fragment step is; undefined while no document is picked. */
export const selectFragmentPhase = (snapshot: EditorPickerSnapshot): FragmentPhase | undefined => {
  const value = snapshot.value;
  return typeof value === 'object' && 'fragments' in value ? (value.fragments as FragmentPhase) : undefined;
};
export const selectQuery = (snapshot: EditorPickerSnapshot) => snapshot.context.query;
export const selectResults = (snapshot: EditorPickerSnapshot) => snapshot.context.results;
export const selectRecent = (snapshot: EditorPickerSnapshot) => snapshot.context.recent;
export const selectDocument = (snapshot: EditorPickerSnapshot) => snapshot.context.document;
export const selectFragments = (snapshot: EditorPickerSnapshot) => snapshot.context.fragments;
export const selectHasMore = (snapshot: EditorPickerSnapshot) => snapshot.context.nextCursor !== null;
export const selectError = (snapshot: EditorPickerSnapshot) => snapshot.context.error;
