// The reader's second language (`?lang2=`): beside each passage read, its aligned fragment in
// another language (the same alignment group), loaded in batches for what is on screen and kept in
// a bounded cache. A passage without a fragment in that language comes back in its own language:
// the reader shows it with a 'Not translated' mark.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { getFragmentTexts } from '../../api/library';
import { putTexts, type BoundedCache } from './fragment-texts-cache';

/** A passage's text in the second language, keyed by the fragment read (first language). */
export interface SecondText {
  text: string;
  hasText: boolean;
  /** The language the server answered in: another one than asked for = no translation. */
  languageCode: string;
  /** The aligned fragment the text comes from. */
  sourceFragmentId: string;
}

export type SecondCache = BoundedCache<SecondText>;

export const SECOND_CACHE_LIMIT = 500;
/** The texts endpoint takes at most 200 ids. */
const BATCH_MAX = 200;

export const createSecondCache = (limit = SECOND_CACHE_LIMIT): SecondCache => ({ limit, entries: new Map() });

/** Writes entries (a rewritten id becomes the newest) and evicts the oldest beyond the limit. */
export const putSecondTexts = (cache: SecondCache, items: Iterable<[string, SecondText]>): SecondCache =>
  putTexts(cache, items);

/** Whether a passage has no text in the second language (the source is shown, marked). */
export const isUntranslated = (text: SecondText, lang: string) => text.languageCode !== lang;

const LANG = /^[a-z]{2}$/;

/** The address's second language, if it is a language code and not the one read. */
export function secondLangOf(search: string, readLang?: string): string | undefined {
  const value = new URLSearchParams(search.replace(/^\?/, '')).get('lang2') ?? undefined;
  return value !== undefined && LANG.test(value) && value !== readLang ? value : undefined;
}

/** The query change that chooses a second language (or turns it off). */
export const secondLangQuery = (lang: string | undefined): Record<string, string | undefined> => ({
  lang2: lang !== undefined && LANG.test(lang) ? lang : undefined,
});

export interface SecondLanguageContext {
  lang?: string;
  cache: SecondCache;
  wanted: string[];
  fetching: string[];
  failed: string[];
}

export type SecondLanguageEvent =
  /** undefined: off. */
  | { type: 'second.select'; lang?: string }
  /** The passages on screen (with text): their second-language texts are wanted. */
  | { type: 'second.want'; ids: readonly string[] }
  | { type: 'second.retry' };

const reset = { cache: createSecondCache(), wanted: [], fetching: [], failed: [] };

export const secondLanguageMachine = setup({
  types: {
    context: {} as SecondLanguageContext,
    events: {} as SecondLanguageEvent,
    input: {} as { lang?: string },
  },
  delays: {
    /** What stays on screen: wait for scrolling to settle before a batch. */
    batch: 250,
  },
  actors: {
    loadTexts: fromPromise(
      async ({ input, signal }: { input: { ids: string[]; lang: string }; signal: AbortSignal }) => {
        const list = await getFragmentTexts(input.ids, input.lang, { signal });
        return list.items.map((item): [string, SecondText] => [
          item.id,
          {
            text: item.text,
            hasText: item.has_text,
            languageCode: item.language_code,
            sourceFragmentId: item.source_fragment_id,
          },
        ]);
      },
    ),
  },
  guards: {
    isOn: ({ context }) => context.lang !== undefined,
    hasWanted: ({ context }) => context.wanted.length > 0,
  },
  actions: {
    want: assign(({ context, event }) => {
      if (event.type !== 'second.want') return {};
      const fresh = event.ids.filter(
        (id) =>
          !context.cache.entries.has(id) &&
          !context.fetching.includes(id) &&
          !context.wanted.includes(id) &&
          !context.failed.includes(id),
      );
      return fresh.length > 0 ? { wanted: [...context.wanted, ...fresh] } : {};
    }),
  },
}).createMachine({
  id: 'secondLanguage',
  context: ({ input }) => ({ lang: input.lang, ...reset }),
  initial: 'start',
  on: {
    'second.select': {
      // Another language: what was loaded is another language's.
      guard: ({ context, event }) => event.lang !== context.lang,
      target: '.start',
      actions: assign(({ event }) => ({ lang: event.lang, ...reset })),
    },
  },
  states: {
    start: { always: [{ guard: 'isOn', target: 'on' }, { target: 'off' }] },
    off: {},
    on: {
      initial: 'idle',
      on: {
        'second.retry': {
          target: '.waiting',
          actions: assign(({ context }) => ({ wanted: context.failed, failed: [] })),
        },
      },
      states: {
        idle: { on: { 'second.want': { actions: 'want', target: 'waiting' } } },
        waiting: {
          // A debounce: every new window restarts it.
          after: { batch: [{ guard: 'hasWanted', target: 'fetching' }, { target: 'idle' }] },
          on: { 'second.want': { actions: 'want', target: 'waiting', reenter: true } },
        },
        fetching: {
          entry: assign(({ context }) => ({
            fetching: context.wanted.slice(0, BATCH_MAX),
            wanted: context.wanted.slice(BATCH_MAX),
          })),
          on: { 'second.want': { actions: 'want' } },
          invoke: {
            src: 'loadTexts',
            input: ({ context }) => ({ ids: context.fetching, lang: context.lang! }),
            onDone: {
              target: 'fetched',
              actions: assign(({ context, event }) => {
                const returned = new Set(event.output.map(([id]) => id));
                return {
                  cache: putSecondTexts(context.cache, event.output),
                  // Ids the server did not answer for (not visible to the caller) are not asked again.
                  failed: [...context.failed, ...context.fetching.filter((id) => !returned.has(id))],
                  fetching: [],
                };
              }),
            },
            onError: {
              target: 'fetched',
              actions: assign(({ context }) => ({ failed: [...context.failed, ...context.fetching], fetching: [] })),
            },
          },
        },
        fetched: { always: [{ guard: 'hasWanted', target: 'waiting' }, { target: 'idle' }] },
      },
    },
  },
});

type SecondSnapshot = SnapshotFrom<typeof secondLanguageMachine>;
export const selectSecondLang = (s: SecondSnapshot) => s.context.lang;
export const selectSecondCache = (s: SecondSnapshot) => s.context.cache;
export const selectSecondFailed = (s: SecondSnapshot) => s.context.failed;
