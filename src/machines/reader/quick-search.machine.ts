// The quick search flow (Ctrl/Cmd+K, the header box): typing is debounced, the autocomplete
// answer is grouped, arrow keys move the active result and choosing one opens it. For a
// logged-in user the server adds the pinned, recent and frequent groups, even to an empty query,
// and choosing a result records a visit from 'autocomplete'. Words also bring the "in the text"
// group (the first provisions whose text matches, opening the reader there) and "show all results"
// (the search screen).
import { and, assign, enqueueActions, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract';
import type { AutocompleteItem, ProvisionHit } from '../../api/contract/search';
import { newVisitSessionId, rememberPickedVisit } from '../accounts/document-visit.machine';
import { failureOf } from '../failure';

export type QuickSearchResult = z.infer<typeof AutocompleteItem>;
export type QuickSearchGroup = QuickSearchResult['group'];

/** Display order of the groups; pinned, recent and frequent come only for a logged-in user. */
export const QUICK_SEARCH_GROUPS: readonly QuickSearchGroup[] = ['pinned', 'recent', 'frequent', 'search'];
export const QUICK_SEARCH_LIMIT = 20;
/** Provision hits of the "in the text" group. */
export const QUICK_SEARCH_TEXT_LIMIT = 3;

/** What one search answers: documents by title or number, and provisions by their text. */
export interface QuickSearchAnswer {
  items: QuickSearchResult[];
  textHits: ProvisionHit[];
}

/** Results in display order (by group, stable within a group), so a flat index is a screen position. */
export function orderByGroup(items: readonly QuickSearchResult[]): QuickSearchResult[] {
  const rank = (item: QuickSearchResult) => QUICK_SEARCH_GROUPS.indexOf(item.group);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

export interface QuickSearchContext {
  /** The text in the box, as typed. */
  query: string;
  /** What is shown: the last answer, kept while the next one is on its way. */
  results: QuickSearchResult[];
  /** The "in the text" group, after every document group: flat indexes go on after `results`. */
  textHits: ProvisionHit[];
  /** Index into `results` then `textHits`; -1 while nothing is highlighted (Enter then opens the first). */
  activeIndex: number;
  error?: ApiError;
  /** Someone is logged in: an empty query still asks for the personal groups. */
  personal: boolean;
}

export type QuickSearchEvent =
  | { type: 'search.open'; query?: string; personal?: boolean }
  | { type: 'search.close' }
  | { type: 'search.type'; value: string }
  | { type: 'search.move'; by: 1 | -1 }
  | { type: 'search.highlight'; index: number }
  | { type: 'search.select'; index?: number }
  /** Every result of the words: the search screen. */
  | { type: 'search.showAll' };

const empty: QuickSearchContext = {
  query: '',
  results: [],
  textHits: [],
  activeIndex: -1,
  error: undefined,
  personal: false,
};

const isBlank = (query: string) => query.trim() === '';
/** Wraps around both ends: from the last result ArrowDown goes to the first, and back. */
const wrap = (index: number, length: number) => (length === 0 ? -1 : (index + length) % length);
const entryCount = (context: QuickSearchContext) => context.results.length + context.textHits.length;
/** What is on screen is what opens, even while a newer answer is on its way. */
function chosen(
  context: QuickSearchContext,
  index: number | undefined,
): { result: QuickSearchResult; hit?: undefined } | { hit: ProvisionHit; result?: undefined } {
  const at = index ?? Math.max(context.activeIndex, 0);
  const hit = context.textHits[at - context.results.length];
  if (at >= context.results.length && hit) return { hit };
  return { result: context.results[at] ?? context.results[0]! };
}
const noResults = (answer: QuickSearchAnswer) => answer.items.length === 0 && answer.textHits.length === 0;

export const quickSearchMachine = setup({
  types: {
    context: {} as QuickSearchContext,
    events: {} as QuickSearchEvent,
  },
  actors: {
    // Words also ask for the provisions whose text matches; the personal groups alone need none.
    search: fromPromise(
      ({ input, signal }: { input: { query: string }; signal: AbortSignal }): Promise<QuickSearchAnswer> =>
        call(routes.autocomplete, {
          query: {
            q: input.query,
            limit: QUICK_SEARCH_LIMIT,
            ...(isBlank(input.query) ? {} : { text: 'true', text_limit: QUICK_SEARCH_TEXT_LIMIT }),
          },
          signal,
        }).then((list) => ({ items: list.items, textHits: list.text_hits ?? [] })),
    ),
    /** Records a pick in the reading history; the page it opens takes the visit's session id. A
     * failure only costs the history one visit, so it ends here. */
    recordPick: fromPromise(async ({ input }: { input: { result: QuickSearchResult } }) => {
      const sessionId = newVisitSessionId();
      rememberPickedVisit(input.result.document_id, sessionId);
      await call(routes.recordDocumentAccess, {
        body: { document_id: input.result.document_id, context: 'autocomplete', session_id: sessionId },
      }).catch(() => undefined);
    }),
  },
  actions: {
    /** Provided by the component: navigate to the chosen document. */
    openResult: (_, _params: { result: QuickSearchResult }) => {},
    /** Provided by the component: open the reader at a provision of the "in the text" group. */
    openHit: (_, _params: { hit: ProvisionHit }) => {},
    /** Provided by the component: open the search screen for the words. */
    openSearch: (_, _params: { query: string }) => {},
    /** Provided by the component: tell the rest of the app the dialog closed. */
    notifyClosed: () => {},
    clear: assign(() => ({ ...empty })),
    setQuery: assign((_, params: { value: string }) => ({ query: params.value, activeIndex: -1, error: undefined })),
  },
  delays: { debounce: 300 },
  guards: {
    blankQuery: ({ context }) => isBlank(context.query),
    personal: ({ context }) => context.personal,
    hasResults: ({ context }) => entryCount(context) > 0,
  },
}).createMachine({
  id: 'quickSearch',
  initial: 'closed',
  context: { ...empty },
  states: {
    closed: {
      on: {
        'search.open': {
          target: 'open',
          actions: [
            { type: 'clear' },
            assign({ personal: ({ event }) => event.personal === true }),
            { type: 'setQuery', params: ({ event }) => ({ value: event.query ?? '' }) },
          ],
        },
      },
    },
    open: {
      initial: 'checking',
      on: {
        'search.close': { target: 'closed', actions: ['clear', 'notifyClosed'] },
        'search.type': {
          target: '.checking',
          actions: { type: 'setQuery', params: ({ event }) => ({ value: event.value }) },
        },
        'search.move': {
          guard: 'hasResults',
          // From nothing highlighted, ArrowUp starts at the last result (not the one before it).
          actions: assign({
            activeIndex: ({ context, event }) =>
              context.activeIndex < 0 && event.by < 0
                ? entryCount(context) - 1
                : wrap(context.activeIndex + event.by, entryCount(context)),
          }),
        },
        'search.highlight': {
          guard: ({ context, event }) => event.index >= 0 && event.index < entryCount(context),
          actions: assign({ activeIndex: ({ event }) => event.index }),
        },
        // What is on screen is what opens, even while a newer answer is on its way.
        'search.select': {
          guard: 'hasResults',
          target: 'closed',
          actions: [
            // A logged-in user's pick is recorded beside the navigation, which never waits for it.
            enqueueActions(({ context, event, enqueue }) => {
              const { result, hit } = chosen(context, event.index);
              if (hit) {
                enqueue({ type: 'openHit', params: { hit } });
                return;
              }
              if (context.personal) enqueue.spawnChild('recordPick', { input: { result } });
              enqueue({ type: 'openResult', params: { result } });
            }),
            'clear',
            'notifyClosed',
          ],
        },
        'search.showAll': {
          guard: not('blankQuery'),
          target: 'closed',
          actions: [
            { type: 'openSearch', params: ({ context }) => ({ query: context.query.trim() }) },
            'clear',
            'notifyClosed',
          ],
        },
      },
      states: {
        /** Decides between the prompt and a search; every keystroke comes back here. */
        checking: {
          always: [
            // The personal groups need no text: ask at once.
            { guard: and(['blankQuery', 'personal']), target: 'searching' },
            { guard: 'blankQuery', target: 'prompt', actions: assign({ results: [], textHits: [] }) },
            { target: 'debouncing' },
          ],
        },
        prompt: {},
        debouncing: {
          after: { debounce: 'searching' },
        },
        // Leaving this state (a new keystroke, closing) stops the actor and aborts its request,
        // so an older answer can never replace a newer one.
        searching: {
          invoke: {
            src: 'search',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: [
              // Nothing pinned or read yet: the prompt, not "nothing found for ''".
              {
                guard: ({ context, event }) => noResults(event.output) && isBlank(context.query),
                target: 'prompt',
                actions: assign({ results: [], textHits: [] }),
              },
              {
                guard: ({ event }) => noResults(event.output),
                target: 'empty',
                actions: assign({ results: [], textHits: [] }),
              },
              {
                target: 'results',
                actions: assign({
                  results: ({ event }) => orderByGroup(event.output.items),
                  textHits: ({ event }) => event.output.textHits,
                }),
              },
            ],
            onError: {
              target: 'error',
              actions: assign({ results: [], textHits: [], error: failureOf }),
            },
          },
        },
        results: {},
        empty: {},
        error: {},
      },
    },
  },
});

// Narrow selectors for the screen.
type QuickSearchSnapshot = SnapshotFrom<typeof quickSearchMachine>;
export const selectIsOpen = (snapshot: QuickSearchSnapshot) => !snapshot.matches('closed');
export const selectQuery = (snapshot: QuickSearchSnapshot) => snapshot.context.query;
export const selectResults = (snapshot: QuickSearchSnapshot) => snapshot.context.results;
export const selectTextHits = (snapshot: QuickSearchSnapshot) => snapshot.context.textHits;
export const selectActiveIndex = (snapshot: QuickSearchSnapshot) => snapshot.context.activeIndex;
export const selectError = (snapshot: QuickSearchSnapshot) => snapshot.context.error;
export type QuickSearchPhase =
  'closed' | 'checking' | 'prompt' | 'debouncing' | 'searching' | 'results' | 'empty' | 'error';
/** Where the open dialog is: prompt, debouncing, searching, results, empty or error. */
export const selectPhase = (snapshot: QuickSearchSnapshot): QuickSearchPhase => {
  const value = snapshot.value;
  return typeof value === 'string' ? value : value.open;
};
