// Reading a document's text in one language: languages, fragment pages (keyset cursor), text
// batches for what is shown, reference spans of visible fragments, and jumps to a node.
// The first page starts at once, beside the languages: without a chosen language the server reads
// the branch's main language, and the page's language_code tells which one that is.
import { assign, enqueueActions, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, type ApiError } from '../../api/client';
import { routes, type DocumentLanguage, type Fragment, type Span } from '../../api/contract';
import { getFragmentText, getFragmentTexts, listFragments } from '../../api/library';
import { failureOf } from '../failure';
import {
  FIRST_TEXTS,
  PAGE_SIZE,
  createTextCache,
  etagOf,
  getText,
  putTexts,
  takePrefetchedPage,
  takePrefetchedTexts,
  type CachedText,
  type TextCache,
} from './fragment-texts-cache';

export type FragmentRow = z.infer<typeof Fragment>;
/** A text as the loaders hand it over; where it comes from and its translation state are optional. */
export type LoadedText = Pick<CachedText, 'text' | 'hasText' | 'sourceFragmentId' | 'translation'> & { id: string };
export type LanguageRow = z.infer<typeof DocumentLanguage>;
export type SpanRow = z.infer<typeof Span>;

export { FIRST_TEXTS, PAGE_SIZE };
export const NEAR_END = 20;
export const TEXT_WINDOW = 10;
/** The texts endpoint takes at most 200 ids; spans are fetched one fragment at a time. */
const TEXT_BATCH_MAX = 200;
const SPAN_BATCH_MAX = 30;
/**
 * While a provision is being placed, rows above it change height (their texts arrive, the text
 * face loads, a banner appears) and push it away: it is scrolled to again, at most this often.
 */
export const MAX_PLACE_ATTEMPTS = 40;

export interface TextLoadingInput {
  documentId: string;
  /** A branch id or name (the address's `branch`); none = main. */
  branch?: string;
  /** A language the reader chose (the address's `?lang=`); none = the branch's main language (the server's default). */
  lang?: string;
  /**
   * The language to read in when the reader chose none and the document has it (the interface
   * language, or the one read before a version switch); also chosen from the list for an empty text.
   */
  preferredLang?: string;
  /** order_index of every node: a node without fragments jumps to the next one in order. May come
   * later with `nodes.loaded`. */
  nodeOrder?: Record<string, number>;
  /** A node to show first (`?node=`). */
  nodeId?: string;
}

export interface TextLoadingContext {
  documentId: string;
  branch?: string;
  preferredLang?: string;
  /** Whether the reader (the address) chose the language: then the preferred one does not replace it. */
  explicitLang: boolean;
  nodeOrder: Record<string, number>;
  /** Whether nodeOrder holds the structure (given as input or by `nodes.loaded`). */
  nodesKnown: boolean;
  languages: LanguageRow[];
  lang?: string;
  /** Why the language list failed. */
  error?: ApiError;
  fragments: FragmentRow[];
  nextCursor: string | null;
  endReached: boolean;
  pageError?: ApiError;
  cache: TextCache;
  /** Ids waiting for the next text batch, being fetched, or whose last fetch failed. */
  wanted: string[];
  fetching: string[];
  failed: string[];
  retrying: string[];
  range: { start: number; end: number };
  /** Whether the list has told its range since this reading started. */
  rangeKnown: boolean;
  spans: Record<string, SpanRow[]>;
  jumpNodeId?: string;
  /** Read by the list: scroll to `index` whenever `nonce` changes. */
  scrollTarget: { index: number; nonce: number } | null;
  /** Scrolls asked for again while placing the current target (bounded by MAX_PLACE_ATTEMPTS). */
  placeAttempts: number;
}

export type TextLoadingEvent =
  /** `auto`: chosen for the reader (the preferred language), not by them. */
  | { type: 'language.select'; lang: string; auto?: boolean }
  /** The preferred language changed (the interface's, e.g. once the account's language is applied). */
  | { type: 'language.prefer'; lang: string }
  | { type: 'languages.retry' }
  | { type: 'list.rangeChanged'; start: number; end: number }
  | { type: 'list.sentinelVisible' }
  | { type: 'pages.loadMore' }
  | { type: 'pages.retry' }
  | { type: 'pages.loaded'; first: boolean }
  | { type: 'texts.loaded' }
  | { type: 'text.retry'; id: string }
  | { type: 'node.select'; nodeId: string }
  | { type: 'nodes.loaded'; nodeOrder: Record<string, number> }
  /** Keep this provision where the reader is after the page's layout changes (compact reading). */
  | { type: 'place.hold'; nodeId: string }
  /** The list saw the provision being placed away from its place (rows above it changed height). */
  | { type: 'place.drifted' }
  /** The reader scrolls, types or clicks: the place is theirs from now on. */
  | { type: 'reader.input' };

interface PageInput {
  documentId: string;
  branch?: string;
  lang?: string;
  cursor: string | null;
}

/** Index of the first fragment of a node, or of the first node after it in document order. */
export function fragmentIndexOfNode(
  fragments: FragmentRow[],
  nodeId: string,
  nodeOrder: Record<string, number>,
): number {
  const own = fragments.findIndex((fragment) => fragment.node_id === nodeId);
  if (own >= 0) return own;
  const order = nodeOrder[nodeId];
  if (order === undefined) return -1;
  return fragments.findIndex((fragment) => (nodeOrder[fragment.node_id] ?? -1) > order);
}

const missing = (context: TextLoadingContext, ids: string[]) =>
  ids.filter((id) => !context.cache.entries.has(id) && !context.fetching.includes(id) && !context.wanted.includes(id));

const idsBetween = (fragments: FragmentRow[], start: number, end: number) =>
  fragments
    .slice(Math.max(0, start), Math.max(0, end + 1))
    .filter((fragment) => fragment.has_text)
    .map((fragment) => fragment.id);

/** Only fragments on screen whose text is here: spans are positions in that text. */
const spanWork = (context: TextLoadingContext) =>
  idsBetween(context.fragments, context.range.start, context.range.end)
    .filter((id) => context.cache.entries.get(id)?.hasText && !(id in context.spans))
    .slice(0, SPAN_BATCH_MAX);

/**
 * The node the reader is at: the chosen one while it is on screen, else the first one on screen;
 * undefined before the list told its range (then the address's provision is the place).
 */
export function readingPlaceNodeId(context: TextLoadingContext, chosenNodeId: string | undefined): string | undefined {
  if (!context.rangeKnown) return chosenNodeId;
  const { start, end } = context.range;
  const shown = context.fragments.slice(Math.max(0, start), end + 1);
  if (chosenNodeId !== undefined && shown.some((fragment) => fragment.node_id === chosenNodeId)) return chosenNodeId;
  return shown[0]?.node_id ?? chosenNodeId;
}

/**
 * The preferred language to switch to, when the reader chose none, the document has text in it and
 * another one is read; decided once both the list and the language read (the first page's) are known.
 */
function preferredSwitch(context: TextLoadingContext): string | undefined {
  const { preferredLang: preferred, lang: current } = context;
  if (context.explicitLang || preferred === undefined || current === undefined || preferred === current) return;
  return context.languages.some((language) => language.iso_639_1 === preferred && language.fragments > 0)
    ? preferred
    : undefined;
}

/** The preferred language if the document has it, else the first listed. */
const pickLanguage = (languages: readonly LanguageRow[], preferred?: string) =>
  languages.find((language) => language.iso_639_1 === preferred)?.iso_639_1 ?? languages[0]?.iso_639_1;

const readingReset = {
  fragments: [],
  nextCursor: null,
  endReached: false,
  pageError: undefined,
  wanted: [],
  fetching: [],
  failed: [],
  retrying: [],
  range: { start: 0, end: 0 },
  rangeKnown: false,
} satisfies Partial<TextLoadingContext>;

export const textLoadingMachine = setup({
  types: {
    context: {} as TextLoadingContext,
    events: {} as TextLoadingEvent,
    input: {} as TextLoadingInput,
  },
  delays: {
    /** Near the end of the list: wait for scrolling to settle before the next page... */
    nearEnd: 300,
    /** ...but while it keeps moving, no longer than this after the first step near the end. */
    nearEndMaxWait: 300,
    /** Texts after the first batch (which goes at once): wait for what stays on screen... */
    textBatch: 300,
    /** ...but while the list keeps scrolling, send a batch at least this often (a throttle). */
    textBatchMaxWait: 300,
    spanBatch: 300,
    /** After a node is chosen, let the list render before scrolling. */
    scrollDelay: 100,
  },
  actors: {
    loadLanguages: fromPromise(
      ({ input, signal }: { input: { documentId: string; branch?: string }; signal: AbortSignal }) =>
        call(routes.listDocumentLanguages, {
          params: { id: input.documentId },
          query: { branch: input.branch },
          signal,
        }).then((list) => list.items),
    ),
    loadPage: fromPromise(({ input, signal }: { input: PageInput; signal: AbortSignal }) => {
      const fetchPage = () =>
        listFragments(
          input.documentId,
          { branch: input.branch, lang: input.lang, cursor: input.cursor ?? undefined, limit: PAGE_SIZE },
          { signal },
        );
      // The first page may already be on its way (asked for while the app started).
      return (
        takePrefetchedPage(input.documentId, input.branch, input.lang, input.cursor)?.catch(fetchPage) ?? fetchPage()
      );
    }),
    loadTexts: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { documentId: string; ids: string[]; lang?: string };
        signal: AbortSignal;
      }) => {
        const fetchTexts = () => getFragmentTexts(input.ids, input.lang, { signal });
        const list = await (takePrefetchedTexts(input.documentId, input.ids, input.lang)?.catch(fetchTexts) ??
          fetchTexts());
        return list.items.map((item): LoadedText => ({
          id: item.id,
          text: item.text,
          hasText: item.has_text,
          sourceFragmentId: item.source_fragment_id,
          translation: item.translation,
        }));
      },
    ),
    reloadText: fromPromise(
      async ({ input, signal }: { input: { id: string; etag?: string }; signal: AbortSignal }) => {
        const result = await getFragmentText(input.id, input.etag, { signal });
        const reloaded: (Omit<LoadedText, 'id' | 'hasText' | 'sourceFragmentId'> & { etag: string | null }) | null =
          result.status === 'not-modified'
            ? null
            : { text: result.body.text, etag: result.etag, translation: result.body.translation };
        return reloaded;
      },
    ),
    loadSpans: fromPromise(async ({ input, signal }: { input: { ids: string[] }; signal: AbortSignal }) => {
      // A few at a time: one request per fragment, so stay polite to the server.
      const spans: Record<string, SpanRow[]> = {};
      for (let i = 0; i < input.ids.length; i += 4) {
        const chunk = input.ids.slice(i, i + 4);
        const lists = await Promise.all(
          chunk.map((id) =>
            call(routes.listFragmentSpans, { params: { id }, signal }).catch(() => ({ items: [] as SpanRow[] })),
          ),
        );
        chunk.forEach((id, index) => (spans[id] = lists[index]!.items));
      }
      return spans;
    }),
  },
  guards: {
    hasMore: ({ context }) => !context.endReached,
    nearEnd: ({ context, event }) =>
      event.type === 'list.rangeChanged' && !context.endReached && event.end >= context.fragments.length - NEAR_END,
    hasWanted: ({ context }) => context.wanted.length > 0,
    jumpTargetLoaded: ({ context }) =>
      context.jumpNodeId !== undefined &&
      fragmentIndexOfNode(context.fragments, context.jumpNodeId, context.nodeOrder) >= 0,
    jumpHopeless: ({ context }) => context.endReached,
    mayPlaceAgain: ({ context }) => context.placeAttempts < MAX_PLACE_ATTEMPTS,
    hasJump: ({ context }) => context.jumpNodeId !== undefined,
    hasSpanWork: ({ context }) => spanWork(context).length > 0,
  },
  actions: {
    wantWindow: assign(({ context, event }) => {
      if (event.type !== 'list.rangeChanged') return {};
      const ids = idsBetween(context.fragments, event.start - TEXT_WINDOW, event.end + TEXT_WINDOW);
      return {
        range: { start: event.start, end: event.end },
        rangeKnown: true,
        wanted: [...context.wanted, ...missing(context, ids)],
      };
    }),
    appendPage: enqueueActions(({ context, event, enqueue }) => {
      const page = (event as unknown as { output: { items: FragmentRow[]; next_cursor: string | null } }).output;
      const readLang =
        context.lang ??
        (page.items[0]?.language_code || undefined) ??
        pickLanguage(context.languages, context.preferredLang);
      enqueue.assign({
        fragments: [...context.fragments, ...page.items],
        nextCursor: page.next_cursor,
        endReached: page.next_cursor === null,
        // The first page asked for the default language: from now on ask for it by name.
        lang: readLang,
      });
      enqueue.raise({ type: 'pages.loaded', first: context.fragments.length === 0 });
      const preferred = context.fragments.length === 0 ? preferredSwitch({ ...context, lang: readLang }) : undefined;
      if (preferred) enqueue.raise({ type: 'language.select', lang: preferred, auto: true });
    }),
    setNodes: assign(({ event }) =>
      event.type === 'nodes.loaded' ? { nodeOrder: event.nodeOrder, nodesKnown: true } : {},
    ),
    /**
     * Reads in the preferred language (the interface's) when the reader chose none and the
     * document has text in it: an EU act opens in Czech under a Czech interface.
     */
    preferLanguage: enqueueActions(({ context, enqueue }) => {
      const lang = preferredSwitch(context);
      if (lang) enqueue.raise({ type: 'language.select', lang, auto: true });
    }),
    /**
     * A new preferred language: read in it when the reader chose none and the document has it,
     * else in the document's own (the first listed); before the first page, that page decides.
     */
    changePreference: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'language.prefer') return;
      enqueue.assign({ preferredLang: event.lang });
      if (context.explicitLang || context.lang === undefined || context.languages.length === 0) return;
      const has = context.languages.some((language) => language.iso_639_1 === event.lang && language.fragments > 0);
      const next = has ? event.lang : context.languages[0]!.iso_639_1;
      if (next !== context.lang) enqueue.raise({ type: 'language.select', lang: next, auto: true });
    }),
    /** Provided by the document page: the reading language changed (chosen by the reader unless `auto`). */
    reportLanguage: (_, _params: { lang: string; auto: boolean }) => {},
    wantFirst: assign(({ context }) => ({
      wanted: [...context.wanted, ...missing(context, idsBetween(context.fragments, 0, FIRST_TEXTS - 1))],
    })),
  },
}).createMachine({
  id: 'textLoading',
  context: ({ input }) => ({
    documentId: input.documentId,
    branch: input.branch,
    lang: input.lang,
    preferredLang: input.preferredLang,
    explicitLang: input.lang !== undefined,
    nodeOrder: input.nodeOrder ?? {},
    nodesKnown: input.nodeOrder !== undefined,
    languages: [],
    cache: createTextCache(),
    spans: {},
    jumpNodeId: input.nodeId,
    scrollTarget: null,
    placeAttempts: 0,
    ...readingReset,
  }),
  // The language list and the reading run side by side: neither waits for the other.
  type: 'parallel',
  on: {
    'nodes.loaded': { actions: 'setNodes' },
    'language.prefer': { actions: 'changePreference' },
  },
  states: {
    languages: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadLanguages',
            input: ({ context }) => ({ documentId: context.documentId, branch: context.branch }),
            onDone: {
              target: 'loaded',
              actions: [
                assign(({ context, event }) => ({
                  languages: event.output,
                  // The first page names the language; only an empty text leaves it to the list.
                  lang:
                    context.lang ??
                    (context.endReached ? pickLanguage(event.output, context.preferredLang) : undefined),
                })),
                'preferLanguage',
              ],
            },
            onError: { target: 'failed', actions: assign({ error: failureOf }) },
          },
        },
        failed: { on: { 'languages.retry': { target: 'loading', actions: assign({ error: undefined }) } } },
        loaded: {},
      },
    },
    reading: {
      type: 'parallel',
      entry: assign(readingReset),
      on: {
        'language.select': {
          guard: ({ context, event }) =>
            event.lang !== context.lang && context.languages.some((language) => language.iso_639_1 === event.lang),
          target: 'reading',
          reenter: true,
          actions: [
            // The reader's own choice is theirs from now on; an automatic one may still give way.
            assign({
              lang: ({ event }) => event.lang,
              explicitLang: ({ context, event }) => context.explicitLang || !event.auto,
            }),
            { type: 'reportLanguage', params: ({ event }) => ({ lang: event.lang, auto: event.auto === true }) },
          ],
        },
      },
      states: {
        pages: {
          initial: 'loading',
          states: {
            idle: {
              on: {
                'list.rangeChanged': { guard: 'nearEnd', target: 'waiting' },
                'list.sentinelVisible': { guard: 'hasMore', target: 'loading' },
                'pages.loadMore': { guard: 'hasMore', target: 'loading' },
              },
            },
            waiting: {
              // Debounced (every new position near the end restarts `nearEnd`), but never longer
              // than `nearEndMaxWait` in all, so a reader who keeps scrolling still gets the page.
              initial: 'quiet',
              after: { nearEndMaxWait: 'loading' },
              states: {
                quiet: {
                  after: { nearEnd: '#textLoading.reading.pages.loading' },
                  on: { 'list.rangeChanged': { guard: 'nearEnd', target: 'quiet', reenter: true } },
                },
              },
              on: {
                'list.sentinelVisible': 'loading',
                'pages.loadMore': 'loading',
              },
            },
            loading: {
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({
                  documentId: context.documentId,
                  branch: context.branch,
                  lang: context.lang,
                  cursor: context.nextCursor,
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.next_cursor === null,
                    target: 'done',
                    actions: 'appendPage',
                  },
                  { target: 'idle', actions: 'appendPage' },
                ],
                onError: { target: 'failed', actions: assign({ pageError: failureOf }) },
              },
            },
            failed: { on: { 'pages.retry': { target: 'loading', actions: assign({ pageError: undefined }) } } },
            done: {},
          },
        },
        texts: {
          initial: 'idle',
          on: {
            'list.rangeChanged': { actions: 'wantWindow' },
          },
          states: {
            idle: {
              on: {
                'list.rangeChanged': { actions: 'wantWindow', target: 'waiting' },
                // The first texts go at once: they are what the reader waits for.
                'pages.loaded': { guard: ({ event }) => event.first, actions: 'wantFirst', target: 'settled' },
              },
            },
            waiting: {
              // A debounce (`textBatch`, restarted by every move) with a maximum wait
              // (`textBatchMaxWait`, not restarted): while the list keeps scrolling a batch still
              // goes out every 300 ms; when it stops, 300 ms after the last move.
              initial: 'quiet',
              after: { textBatchMaxWait: '#textLoading.reading.texts.settled' },
              states: {
                quiet: {
                  after: { textBatch: '#textLoading.reading.texts.settled' },
                  on: { 'list.rangeChanged': { actions: 'wantWindow', target: 'quiet', reenter: true } },
                },
              },
              on: {
                'pages.loaded': { guard: ({ event }) => event.first, actions: 'wantFirst', target: 'settled' },
              },
            },
            // Fetch what is wanted now, else rest.
            settled: { always: [{ guard: 'hasWanted', target: 'fetching' }, { target: 'idle' }] },
            fetching: {
              entry: assign(({ context }) => ({
                fetching: context.wanted.slice(0, TEXT_BATCH_MAX),
                wanted: context.wanted.slice(TEXT_BATCH_MAX),
              })),
              invoke: {
                src: 'loadTexts',
                input: ({ context }) => ({ documentId: context.documentId, ids: context.fetching, lang: context.lang }),
                onDone: {
                  target: 'fetched',
                  actions: [
                    assign(({ context, event }) => {
                      const uids = new Map(context.fragments.map((fragment) => [fragment.id, fragment.fragment_uid]));
                      const entries = event.output.map((item): [string, CachedText] => [
                        item.id,
                        {
                          text: item.text,
                          hasText: item.hasText,
                          etag: uids.has(item.id) ? etagOf(uids.get(item.id)!) : null,
                          sourceFragmentId: item.sourceFragmentId,
                          translation: item.translation,
                        },
                      ]);
                      const returned = new Set(event.output.map((item) => item.id));
                      return {
                        cache: putTexts(context.cache, entries),
                        failed: [
                          ...context.failed.filter((id) => !returned.has(id)),
                          ...context.fetching.filter((id) => !returned.has(id)),
                        ],
                        fetching: [],
                      };
                    }),
                    raise({ type: 'texts.loaded' }),
                  ],
                },
                onError: {
                  target: 'fetched',
                  actions: assign(({ context }) => ({
                    failed: [...context.failed, ...context.fetching],
                    fetching: [],
                  })),
                },
              },
            },
            // More may have been asked for while fetching: it waits like any later batch.
            fetched: { always: [{ guard: 'hasWanted', target: 'waiting' }, { target: 'idle' }] },
          },
        },
        retry: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'text.retry': {
                  target: 'reloading',
                  actions: assign(({ context, event }) => ({
                    retrying: [event.id],
                    failed: context.failed.filter((id) => id !== event.id),
                  })),
                },
              },
            },
            reloading: {
              invoke: {
                src: 'reloadText',
                input: ({ context }) => {
                  const id = context.retrying[0]!;
                  return { id, etag: getText(context.cache, id)?.etag ?? undefined };
                },
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const id = context.retrying[0]!;
                    // 304: the cached text is still right.
                    if (event.output === null) return { retrying: [] };
                    return {
                      retrying: [],
                      cache: putTexts(context.cache, [
                        [
                          id,
                          {
                            text: event.output.text,
                            hasText: true,
                            etag: event.output.etag,
                            translation: event.output.translation,
                          },
                        ],
                      ]),
                    };
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    failed: [...context.failed, ...context.retrying],
                    retrying: [],
                  })),
                },
              },
            },
          },
        },
        spans: {
          initial: 'idle',
          states: {
            idle: { on: { 'list.rangeChanged': 'debouncing', 'texts.loaded': 'debouncing' } },
            debouncing: {
              after: { spanBatch: [{ guard: 'hasSpanWork', target: 'fetching' }, { target: 'idle' }] },
              on: {
                'list.rangeChanged': { target: 'debouncing', reenter: true },
                'texts.loaded': { target: 'debouncing', reenter: true },
              },
            },
            fetching: {
              invoke: {
                src: 'loadSpans',
                input: ({ context }) => ({ ids: spanWork(context) }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ spans: { ...context.spans, ...event.output } })),
                },
                onError: 'idle',
              },
            },
          },
        },
        // Going to a provision is a state, not a timer: seeking (pages load until its row is
        // here), scrolling (the list renders first), then placing, where the list reports each
        // drift from the place (place.drifted) and is scrolled again, until the reader takes over.
        jump: {
          initial: 'start',
          on: {
            'place.hold': {
              target: '.seeking',
              reenter: true,
              actions: assign({ jumpNodeId: ({ event }) => event.nodeId }),
            },
          },
          states: {
            start: { always: [{ guard: 'hasJump', target: 'seeking' }, { target: 'idle' }] },
            idle: {
              on: {
                'node.select': { target: 'seeking', actions: assign({ jumpNodeId: ({ event }) => event.nodeId }) },
              },
            },
            seeking: {
              // Keep loading pages until the node's first fragment is here (or the text ends).
              always: [
                { guard: 'jumpTargetLoaded', target: 'scrolling' },
                { guard: 'jumpHopeless', target: 'idle' },
              ],
              entry: enqueueActions(({ context, enqueue }) => {
                const loaded =
                  context.jumpNodeId !== undefined &&
                  fragmentIndexOfNode(context.fragments, context.jumpNodeId, context.nodeOrder) >= 0;
                // Until the structure is known a node without fragments of its own cannot be told
                // from one further on: wait for it rather than load the whole text.
                if (!loaded && context.nodesKnown && context.fragments.length > 0 && !context.endReached)
                  enqueue.raise({ type: 'pages.loadMore' });
              }),
              on: {
                'pages.loaded': { target: 'seeking', reenter: true },
                'nodes.loaded': { target: 'seeking', reenter: true, actions: 'setNodes' },
                'node.select': {
                  target: 'seeking',
                  reenter: true,
                  actions: assign({ jumpNodeId: ({ event }) => event.nodeId }),
                },
              },
            },
            scrolling: {
              after: {
                scrollDelay: {
                  target: 'placing',
                  actions: assign(({ context }) => ({
                    scrollTarget: {
                      index: fragmentIndexOfNode(context.fragments, context.jumpNodeId!, context.nodeOrder),
                      nonce: (context.scrollTarget?.nonce ?? 0) + 1,
                    },
                    placeAttempts: 0,
                  })),
                },
              },
              on: {
                'node.select': { target: 'seeking', actions: assign({ jumpNodeId: ({ event }) => event.nodeId }) },
              },
            },
            placing: {
              on: {
                'place.drifted': [
                  {
                    guard: 'mayPlaceAgain',
                    actions: assign(({ context }) => ({
                      scrollTarget: context.scrollTarget && {
                        index: context.scrollTarget.index,
                        nonce: context.scrollTarget.nonce + 1,
                      },
                      placeAttempts: context.placeAttempts + 1,
                    })),
                  },
                  { target: 'idle' },
                ],
                'reader.input': 'idle',
                'node.select': { target: 'seeking', actions: assign({ jumpNodeId: ({ event }) => event.nodeId }) },
              },
            },
          },
        },
      },
    },
  },
});

// Narrow selectors for the text viewer.
type TextLoadingSnapshot = SnapshotFrom<typeof textLoadingMachine>;
export const selectLanguages = (s: TextLoadingSnapshot) => s.context.languages;
export const selectLang = (s: TextLoadingSnapshot) => s.context.lang;
export const selectLanguagesLoading = (s: TextLoadingSnapshot) => s.matches({ languages: 'loading' });
export const selectLanguagesError = (s: TextLoadingSnapshot) =>
  s.matches({ languages: 'failed' }) ? s.context.error : undefined;
export const selectFragments = (s: TextLoadingSnapshot) => s.context.fragments;
export const selectCache = (s: TextLoadingSnapshot) => s.context.cache;
export const selectFailed = (s: TextLoadingSnapshot) => s.context.failed;
export const selectSpans = (s: TextLoadingSnapshot) => s.context.spans;
export const selectScrollTarget = (s: TextLoadingSnapshot) => s.context.scrollTarget;
/** Whether a provision is being held at its place (the list reports drifts and reader input). */
export const selectPlacing = (s: TextLoadingSnapshot) => s.matches({ reading: { jump: 'placing' } });
export type PageState = 'loading' | 'idle' | 'failed' | 'done';
export const selectPageState = (s: TextLoadingSnapshot): PageState =>
  s.matches({ reading: { pages: 'done' } })
    ? 'done'
    : s.matches({ reading: { pages: 'failed' } })
      ? 'failed'
      : s.matches({ reading: { pages: 'loading' } })
        ? 'loading'
        : 'idle';
export const selectPageError = (s: TextLoadingSnapshot) => s.context.pageError;
