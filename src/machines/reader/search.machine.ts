// The full-text search screen (/search?q=…): the address is the state (the words, the facets and
// the page), the answer is grouped by document, and a citation or name the server resolved ('čl. 54
// ústavy') can be opened straight (a second Enter on the same words opens it).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract';
import {
  SEARCH_VERSIONS,
  type SearchResolution,
  type SearchResult,
  type SearchVersion,
} from '../../api/contract/search';
import { DOCUMENT_TYPES, JURISDICTIONS, type DocumentType, type Jurisdiction } from '../../shared/document-class';
import { failureOf } from '../failure';

/** Documents per page (the contract's default). */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchFilters {
  jurisdiction?: Jurisdiction;
  type?: DocumentType;
  /** ISO 639-1 code of the texts. */
  lang?: string;
  /** Absent: 'current' (each document's main version). */
  version?: SearchVersion;
  inForce?: boolean;
}

/** Everything the address carries. */
export interface SearchAddress extends SearchFilters {
  q: string;
  /** 0-based. */
  page: number;
}

export interface SearchContext {
  /** The words in the box, as typed (the address keeps the submitted ones). */
  draft: string;
  search: SearchAddress;
  result?: SearchResult;
  error?: ApiError;
}

export type SearchEvent =
  | { type: 'search.change'; q: string }
  | { type: 'search.submit' }
  | { type: 'search.retry' }
  | { type: 'filter.set'; filters: SearchFilters }
  | { type: 'page.set'; page: number }
  | { type: 'resolution.open' }
  | { type: 'address.change'; search: SearchAddress };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The search read from an address query; unknown values are dropped, not guessed. */
export function searchFromQuery(query: string): SearchAddress {
  const params = new URLSearchParams(query);
  const page = Number(params.get('page'));
  const inForce = params.get('in_force');
  const lang = params.get('lang') ?? '';
  const version = oneOf(SEARCH_VERSIONS, params.get('version'));
  return {
    q: params.get('q') ?? '',
    jurisdiction: oneOf(JURISDICTIONS, params.get('jurisdiction')),
    type: oneOf(DOCUMENT_TYPES, params.get('type')),
    lang: /^[a-z]{2}$/.test(lang) ? lang : undefined,
    version: version === 'current' ? undefined : version,
    inForce: inForce === 'true' ? true : inForce === 'false' ? false : undefined,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address query of a search (pages counted from 1 there); empty values left out. */
export function queryOfSearch(search: SearchAddress): string {
  const entries: [string, string | undefined][] = [
    ['q', search.q.trim() || undefined],
    ['jurisdiction', search.jurisdiction],
    ['type', search.type],
    ['lang', search.lang],
    ['version', search.version === 'current' ? undefined : search.version],
    ['in_force', search.inForce?.toString()],
    ['page', search.page > 0 ? String(search.page + 1) : undefined],
  ];
  return new URLSearchParams(entries.filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
}

const isBlank = (search: SearchAddress) => search.q.trim() === '';

const writeAddressOfContext = {
  type: 'writeAddress',
  params: ({ context }: { context: SearchContext }) => ({ query: queryOfSearch(context.search) }),
} as const;

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as Partial<SearchAddress> | undefined,
  },
  actors: {
    runSearch: fromPromise(({ input, signal }: { input: SearchAddress; signal: AbortSignal }) =>
      call(routes.search, {
        query: {
          q: input.q.trim(),
          jurisdiction: input.jurisdiction,
          type: input.type,
          lang: input.lang,
          version: input.version,
          in_force: input.inForce === undefined ? undefined : String(input.inForce),
          limit: SEARCH_PAGE_SIZE,
          offset: input.page * SEARCH_PAGE_SIZE,
        },
        signal,
      }),
    ),
  },
  actions: {
    // The screen provides the navigation; the machine decides when the address changes.
    writeAddress: (_, _params: { query: string }) => {},
    /** Provided by the screen: open the reader at what the query resolved to. */
    openResolution: (_, _params: { resolution: SearchResolution }) => {},
  },
  guards: {
    blank: ({ context }) => isBlank(context.search),
    isNewAddress: ({ context, event }) =>
      event.type === 'address.change' && queryOfSearch(event.search) !== queryOfSearch(context.search),
    // Enter on the words already answered, with a citation resolved: go there.
    opensResolution: ({ context }) =>
      context.result?.resolved != null && context.draft.trim() === context.search.q.trim(),
    hasResolution: ({ context }) => context.result?.resolved != null,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => {
    const search: SearchAddress = { q: '', page: 0, ...input };
    return { draft: search.q, search };
  },
  initial: 'checking',
  on: {
    'search.change': { actions: assign({ draft: ({ event }) => event.q }) },
    'search.submit': [
      {
        guard: 'opensResolution',
        actions: { type: 'openResolution', params: ({ context }) => ({ resolution: context.result!.resolved! }) },
      },
      {
        target: '.checking',
        reenter: true,
        // New words start at the first page, with the facets kept.
        actions: [
          assign({ search: ({ context }) => ({ ...context.search, q: context.draft.trim(), page: 0 }) }),
          writeAddressOfContext,
        ],
      },
    ],
    'search.retry': { target: '.checking', reenter: true },
    'filter.set': {
      target: '.checking',
      reenter: true,
      actions: [
        assign({ search: ({ context, event }) => ({ ...context.search, ...event.filters, page: 0 }) }),
        writeAddressOfContext,
      ],
    },
    'page.set': {
      target: '.checking',
      reenter: true,
      actions: [
        assign({ search: ({ context, event }) => ({ ...context.search, page: Math.max(0, event.page) }) }),
        writeAddressOfContext,
      ],
    },
    'resolution.open': {
      guard: 'hasResolution',
      actions: { type: 'openResolution', params: ({ context }) => ({ resolution: context.result!.resolved! }) },
    },
    // Back and forward in the browser: the address is the truth.
    'address.change': {
      guard: 'isNewAddress',
      target: '.checking',
      reenter: true,
      actions: assign(({ event }) => ({ search: event.search, draft: event.search.q })),
    },
  },
  states: {
    checking: {
      always: [{ guard: 'blank', target: 'empty' }, { target: 'loading' }],
    },
    /** No words yet: a prompt, no request. */
    empty: { entry: assign({ result: undefined, error: undefined }) },
    // Leaving this state (another search, a facet) stops the actor and aborts its request.
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'runSearch',
        input: ({ context }) => context.search,
        onDone: { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ result: undefined, error: failureOf }) },
      },
    },
    loaded: {},
    failed: {},
  },
});

// Narrow selectors for the screen.
type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
export type SearchStatus = 'empty' | 'loading' | 'loaded' | 'failed';
export const selectStatus = (s: SearchSnapshot): SearchStatus =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loading';
export const selectDraft = (s: SearchSnapshot) => s.context.draft;
export const selectSearch = (s: SearchSnapshot) => s.context.search;
export const selectResult = (s: SearchSnapshot) => s.context.result;
export const selectError = (s: SearchSnapshot) => s.context.error;
export const selectPageCount = (s: SearchSnapshot) =>
  Math.max(1, Math.ceil((s.context.result?.total_documents ?? 0) / SEARCH_PAGE_SIZE));
