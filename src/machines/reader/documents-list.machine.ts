// The documents list: search by law number and title words, facets (jurisdiction, type, year, in
// force), sort and pages of 50, all kept in the address so a link opens the same list; the 401
// rule (signed-out readers of a private library see an empty list, not an error).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes, type Document, type DocumentFacets } from '../../api/contract';
import { DOCUMENT_TYPES, JURISDICTIONS, type DocumentType, type Jurisdiction } from '../../shared/document-class';
import { failedWithStatus, failureOf } from '../failure';

export const PAGE_SIZE = 50;
export const SORTS = ['title', 'number', 'effective', 'updated'] as const;
export type DocumentSort = (typeof SORTS)[number];

export interface ListFilters {
  jurisdiction?: Jurisdiction;
  /** Jurisdictions left out (the home page's other jurisdictions: every one but cz and eu). */
  jurisdictionNot?: Jurisdiction[];
  type?: DocumentType;
  year?: number;
  inForce?: boolean;
}

/** Everything the address carries. */
export interface DocumentSearch extends ListFilters {
  externalId: string;
  q: string;
  sort?: DocumentSort;
  /** 0-based. */
  page: number;
}

export interface DocumentsListContext extends DocumentSearch {
  documents: Document[];
  facets?: DocumentFacets;
  error?: ApiError;
}

export type DocumentsListEvent =
  | { type: 'search.change'; externalId?: string; q?: string }
  | { type: 'search.submit' }
  | { type: 'search.refresh' }
  | { type: 'filter.set'; filters: ListFilters }
  | { type: 'sort.set'; sort: DocumentSort | undefined }
  | { type: 'page.set'; page: number }
  | { type: 'address.change'; search: DocumentSearch };

const EMPTY_FACETS: DocumentFacets = { total: 0, jurisdiction: [], type: [], year: [], in_force: [] };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The list's state read from an address query; unknown values are dropped, not guessed. */
export function searchFromQuery(query: string): DocumentSearch {
  const params = new URLSearchParams(query);
  const year = Number(params.get('year'));
  const page = Number(params.get('page'));
  const inForce = params.get('in_force');
  const left = (params.get('jurisdiction_not') ?? '').split(',').filter((value) => value !== '');
  const jurisdictionNot = left.every((value) => oneOf(JURISDICTIONS, value)) ? (left as Jurisdiction[]) : [];
  return {
    externalId: params.get('external_id') ?? '',
    q: params.get('q') ?? '',
    jurisdiction: oneOf(JURISDICTIONS, params.get('jurisdiction')),
    jurisdictionNot: jurisdictionNot.length > 0 ? jurisdictionNot : undefined,
    type: oneOf(DOCUMENT_TYPES, params.get('type')),
    year: Number.isInteger(year) && year > 0 && year < 10_000 ? year : undefined,
    inForce: inForce === 'true' ? true : inForce === 'false' ? false : undefined,
    sort: oneOf(SORTS, params.get('sort')),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address query of a list state (pages counted from 1 there); empty values left out. */
export function queryOfSearch(search: DocumentSearch): string {
  const entries: [string, string | undefined][] = [
    ['external_id', search.externalId.trim() || undefined],
    ['q', search.q.trim() || undefined],
    ['jurisdiction', search.jurisdiction],
    ['jurisdiction_not', search.jurisdictionNot?.join(',') || undefined],
    ['type', search.type],
    ['year', search.year?.toString()],
    ['in_force', search.inForce?.toString()],
    ['sort', search.sort],
    ['page', search.page > 0 ? String(search.page + 1) : undefined],
  ];
  // 'cz,eu' reads better with its comma kept: it is allowed in a query.
  return new URLSearchParams(entries.filter((entry): entry is [string, string] => entry[1] !== undefined))
    .toString()
    .replace(/%2C/gi, ',');
}

const searchOf = (context: DocumentsListContext): DocumentSearch => ({
  externalId: context.externalId,
  q: context.q,
  jurisdiction: context.jurisdiction,
  jurisdictionNot: context.jurisdictionNot,
  type: context.type,
  year: context.year,
  inForce: context.inForce,
  sort: context.sort,
  page: context.page,
});

function apiQuery(search: DocumentSearch) {
  return {
    external_id: search.externalId.trim() || undefined,
    q: search.q.trim() || undefined,
    jurisdiction: search.jurisdiction,
    jurisdiction_not: search.jurisdictionNot?.join(',') || undefined,
    type: search.type,
    year: search.year,
    in_force: search.inForce === undefined ? undefined : String(search.inForce),
  };
}

/** Writes the address from the context as it stands after the assigns before it. */
const writeAddressOfContext = {
  type: 'writeAddress',
  params: ({ context }: { context: DocumentsListContext }) => ({ query: queryOfSearch(searchOf(context)) }),
} as const;

export const documentsListMachine = setup({
  types: {
    context: {} as DocumentsListContext,
    events: {} as DocumentsListEvent,
    input: {} as Partial<DocumentSearch> | undefined,
  },
  actors: {
    // One page and the facet counts of the same search, side by side.
    loadPage: fromPromise(async ({ input, signal }: { input: DocumentSearch; signal: AbortSignal }) => {
      const filters = apiQuery(input);
      const [list, facets] = await Promise.all([
        call(routes.listDocuments, {
          query: { ...filters, sort: input.sort, limit: PAGE_SIZE, offset: input.page * PAGE_SIZE },
          signal,
        }),
        call(routes.listDocumentFacets, { query: filters, signal }),
      ]);
      return { documents: list.items, facets };
    }),
  },
  actions: {
    // The screen provides the navigation; the machine decides when the address changes.
    writeAddress: (_, _params: { query: string }) => {},
  },
  guards: {
    isUnauthorized: failedWithStatus(401),
    isNewAddress: ({ context, event }) =>
      event.type === 'address.change' && queryOfSearch(event.search) !== queryOfSearch(searchOf(context)),
  },
}).createMachine({
  id: 'documentsList',
  context: ({ input }) => ({
    externalId: input?.externalId ?? '',
    q: input?.q ?? '',
    jurisdiction: input?.jurisdiction,
    jurisdictionNot: input?.jurisdictionNot,
    type: input?.type,
    year: input?.year,
    inForce: input?.inForce,
    sort: input?.sort,
    page: input?.page ?? 0,
    documents: [],
  }),
  initial: 'loading',
  on: {
    'search.change': {
      actions: assign(({ context, event }) => ({
        externalId: event.externalId ?? context.externalId,
        q: event.q ?? context.q,
      })),
    },
    // A new search or filter starts at the first page.
    'search.submit': { target: '.loading', reenter: true, actions: [assign({ page: 0 }), writeAddressOfContext] },
    'search.refresh': { target: '.loading', reenter: true, actions: writeAddressOfContext },
    'filter.set': {
      target: '.loading',
      reenter: true,
      actions: [assign(({ event }) => ({ ...event.filters, page: 0 })), writeAddressOfContext],
    },
    'sort.set': {
      target: '.loading',
      reenter: true,
      actions: [assign(({ event }) => ({ sort: event.sort, page: 0 })), writeAddressOfContext],
    },
    'page.set': {
      target: '.loading',
      reenter: true,
      actions: [assign(({ event }) => ({ page: Math.max(0, event.page) })), writeAddressOfContext],
    },
    // Back and forward in the browser: the address is the truth.
    'address.change': {
      guard: 'isNewAddress',
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => event.search),
    },
  },
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadPage',
        input: ({ context }) => searchOf(context),
        onDone: {
          target: 'loaded',
          actions: assign({
            documents: ({ event }) => event.output.documents,
            facets: ({ event }) => event.output.facets,
          }),
        },
        onError: [
          // A 401 is a signed-out reader of a private library: an empty list, no error.
          { guard: 'isUnauthorized', target: 'loaded', actions: assign({ documents: [], facets: EMPTY_FACETS }) },
          { target: 'failed', actions: assign({ documents: [], facets: undefined, error: failureOf }) },
        ],
      },
    },
    loaded: {},
    failed: {},
  },
});

// Narrow selectors for the screen.
type DocumentsListSnapshot = SnapshotFrom<typeof documentsListMachine>;
export const selectStatus = (s: DocumentsListSnapshot) =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading';
export const selectDocuments = (s: DocumentsListSnapshot) => s.context.documents;
export const selectFacets = (s: DocumentsListSnapshot) => s.context.facets;
export const selectError = (s: DocumentsListSnapshot) => s.context.error;
export const selectExternalId = (s: DocumentsListSnapshot) => s.context.externalId;
export const selectQ = (s: DocumentsListSnapshot) => s.context.q;
export const selectFilters = (s: DocumentsListSnapshot) => s.context as ListFilters;
export const selectSort = (s: DocumentsListSnapshot) => s.context.sort;
export const selectPage = (s: DocumentsListSnapshot) => s.context.page;
export const selectPageCount = (s: DocumentsListSnapshot) =>
  Math.max(1, Math.ceil((s.context.facets?.total ?? 0) / PAGE_SIZE));
