// The reading flow on fake timers: the first page beside the languages, pages by cursor, the
// near-end debounce with its maximum wait, text batches (the first 30 at once, then the visible
// window ±10, debounced but at least every 300 ms while scrolling), the 304 retry, spans, and node
// jumps with the scroll delay.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getFragmentTexts, listFragments } from '../../api/library';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { prefetchFirstScreen } from './fragment-texts-cache';
import {
  MAX_PLACE_ATTEMPTS,
  textLoadingMachine,
  type FragmentRow,
  type LanguageRow,
  type SpanRow,
  type TextLoadingInput,
} from './text-loading.machine';

// Only the prefetch test uses the real page and text actors; the others provide their own.
vi.mock('../../api/library', () => ({
  listFragments: vi.fn(),
  getFragmentTexts: vi.fn(),
  getFragmentText: vi.fn(),
}));

const TOTAL = 250;
const fragment = (i: number): FragmentRow => ({
  id: `f${i}`,
  node_id: `n${Math.floor(i / 5)}`,
  language_id: 1,
  language_code: 'cs',
  cite_key: `§ ${i}`,
  fragment_uid: `uid${i}`,
  group_id: '00000000-0000-0000-0000-000000000000',
  // Every fifth fragment is a heading without text of its own.
  has_text: i % 5 !== 0,
  seq: i,
});
const ALL = Array.from({ length: TOTAL }, (_, i) => fragment(i));
const LANGUAGES: LanguageRow[] = [
  { language_id: 2, iso_639_1: 'en', name: 'English', fragments: 10 },
  { language_id: 1, iso_639_1: 'cs', name: 'Czech', fragments: 200 },
];

interface StartOptions {
  reload?: (id: string, etag?: string) => { text: string; etag: string | null } | null;
  /** Fragments in the text (default 250). */
  total?: number;
  /** How long the language list takes (default 0). */
  languagesMs?: number;
}

function start(input: Partial<TextLoadingInput> = {}, options: StartOptions = {}) {
  const total = options.total ?? TOTAL;
  const pages: Array<{ lang?: string; cursor: string | null }> = [];
  let languagesLoaded = 0;
  const textBatches: string[][] = [];
  const spanBatches: string[][] = [];
  const reloads: Array<{ id: string; etag?: string }> = [];
  let failTexts = false;
  const actor = createActor(
    textLoadingMachine.provide({
      actors: {
        loadLanguages: fromPromise(async () => {
          await new Promise((resolve) => setTimeout(resolve, options.languagesMs ?? 0));
          languagesLoaded += 1;
          return LANGUAGES;
        }),
        loadPage: fromPromise(
          async ({ input }: { input: { documentId: string; lang?: string; cursor: string | null } }) => {
            pages.push({ lang: input.lang, cursor: input.cursor });
            await new Promise((resolve) => setTimeout(resolve, 10));
            const from = input.cursor ? Number(input.cursor) : 0;
            const items = ALL.slice(from, Math.min(total, from + 100));
            return { items, next_cursor: from + 100 < total ? String(from + 100) : null };
          },
        ),
        loadTexts: fromPromise(async ({ input }: { input: { documentId: string; ids: string[]; lang?: string } }) => {
          textBatches.push(input.ids);
          if (failTexts) throw new Error('offline');
          return input.ids.map((id) => ({ id, text: `text of ${id}`, hasText: true as boolean }));
        }),
        reloadText: fromPromise(async ({ input }: { input: { id: string; etag?: string } }) => {
          reloads.push(input);
          return options.reload ? options.reload(input.id, input.etag) : null;
        }),
        loadSpans: fromPromise(async ({ input }: { input: { ids: string[] } }) => {
          spanBatches.push(input.ids);
          return Object.fromEntries(input.ids.map((id) => [id, [] as SpanRow[]]));
        }),
      },
    }),
    { input: { documentId: 'doc', ...input } },
  );
  actor.start();
  return {
    actor,
    pages,
    textBatches,
    spanBatches,
    reloads,
    failTexts: (value: boolean) => (failTexts = value),
    languagesLoaded: () => languagesLoaded,
    context: () => actor.getSnapshot().context,
  };
}

describe('text loading machine', () => {
  fakeTimersInEachTest();

  it('asks for the first page at once, in the default language, without waiting for the languages', async () => {
    const t = start({}, { languagesMs: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.pages).toEqual([{ lang: undefined, cursor: null }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.languagesLoaded()).toBe(0);
    expect(t.context().fragments).toHaveLength(100);
    // The page says which language the default is; later pages ask for it by name.
    expect(t.context().lang).toBe('cs');
    t.actor.send({ type: 'list.sentinelVisible' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.pages[1]).toEqual({ lang: 'cs', cursor: '100' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.context().languages).toEqual(LANGUAGES);
    expect(t.context().lang).toBe('cs');
  });

  it('asks for a language the reader chose', async () => {
    const t = start({ lang: 'en' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.pages).toEqual([{ lang: 'en', cursor: null }]);
    expect(t.context().lang).toBe('en');
  });

  it('an empty text takes the preferred language from the list, else the first one', async () => {
    const preferred = start({ preferredLang: 'cs' }, { total: 0, languagesMs: 20 });
    const first = start({ preferredLang: 'de' }, { total: 0, languagesMs: 20 });
    await vi.advanceTimersByTimeAsync(10);
    expect(preferred.context().endReached).toBe(true);
    expect(preferred.context().lang).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10);
    expect(preferred.context().lang).toBe('cs');
    expect(first.context().lang).toBe('en');
    // The language list first, then the empty page: the same choice.
    const late = start({ preferredLang: 'cs' }, { total: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect(late.context().lang).toBe('cs');
  });

  it('loads the texts of the first 30 fragments as soon as the first page is here', async () => {
    const t = start({ preferredLang: 'cs' });
    await vi.advanceTimersByTimeAsync(9);
    expect(t.textBatches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Only fragments with text are asked for, in the page's language.
    expect(t.textBatches).toEqual([
      ALL.slice(0, 30)
        .filter((f) => f.has_text)
        .map((f) => f.id),
    ]);
    expect(t.context().cache.entries.get('f1')?.text).toBe('text of f1');
    expect(t.context().cache.entries.get('f1')?.etag).toBe('"uid1"');
  });

  it('asks for the visible window ±10 300 ms after the list stops, and never twice for the same text', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'list.rangeChanged', start: 40, end: 45 });
    await vi.advanceTimersByTimeAsync(299);
    expect(t.textBatches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.textBatches[1]).toEqual(
      ALL.slice(30, 56)
        .filter((f) => f.has_text)
        .map((f) => f.id),
    );
    t.actor.send({ type: 'list.rangeChanged', start: 40, end: 45 });
    await vi.advanceTimersByTimeAsync(400);
    expect(t.textBatches).toHaveLength(2);
  });

  it('keeps loading texts every 300 ms while the list keeps scrolling', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10);
    // 40 steps a second, one row each: the debounce alone would never fire.
    for (let step = 0; step < 40; step++) {
      t.actor.send({ type: 'list.rangeChanged', start: 30 + step, end: 35 + step });
      await vi.advanceTimersByTimeAsync(25);
      // The first window goes 300 ms after the first step (12 steps of 25 ms).
      if (step === 10) expect(t.textBatches).toHaveLength(1);
      if (step === 11) expect(t.textBatches).toHaveLength(2);
    }
    // 1,000 ms of scrolling: batches at 300, 600 and 900 ms.
    expect(t.textBatches).toHaveLength(4);
    expect(t.textBatches[1]).toEqual(
      ALL.slice(30, 57)
        .filter((f) => f.has_text)
        .map((f) => f.id),
    );
    const asked = t.textBatches.flat();
    expect(new Set(asked).size).toBe(asked.length);
    await vi.advanceTimersByTimeAsync(300);
    expect(t.textBatches).toHaveLength(5);
    expect(t.context().cache.entries.has('f84')).toBe(true);
  });

  it('loads the next page 300 ms after the reader comes within 20 items of the end, even while scrolling', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'list.rangeChanged', start: 60, end: 70 });
    await vi.advanceTimersByTimeAsync(400);
    expect(t.pages).toHaveLength(1);
    t.actor.send({ type: 'list.rangeChanged', start: 75, end: 80 });
    await vi.advanceTimersByTimeAsync(299);
    expect(t.pages).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.pages).toEqual([
      { lang: undefined, cursor: null },
      { lang: 'cs', cursor: '100' },
    ]);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.context().fragments).toHaveLength(200);
    // Still moving near the end: every step restarts the wait, but not past 300 ms in all.
    t.actor.send({ type: 'list.rangeChanged', start: 175, end: 180 });
    await vi.advanceTimersByTimeAsync(200);
    t.actor.send({ type: 'list.rangeChanged', start: 178, end: 185 });
    await vi.advanceTimersByTimeAsync(99);
    expect(t.pages).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.pages).toHaveLength(3);
  });

  it('loads the next page at once when the end sentinel shows, and stops at the end', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'list.sentinelVisible' });
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'list.sentinelVisible' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.context().fragments).toHaveLength(TOTAL);
    expect(t.context().endReached).toBe(true);
    t.actor.send({ type: 'list.sentinelVisible' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.pages).toHaveLength(3);
  });

  it('jumps to a node: loads pages until its fragment is here, then scrolls after 100 ms', async () => {
    const t = start({ nodeOrder: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`n${i}`, i])) });
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'node.select', nodeId: 'n44' });
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.pages).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(99);
    expect(t.context().scrollTarget).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.context().scrollTarget).toEqual({ index: 220, nonce: 1 });
    // A node already loaded scrolls without loading anything.
    t.actor.send({ type: 'node.select', nodeId: 'n2' });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.context().scrollTarget).toEqual({ index: 10, nonce: 2 });
    expect(t.pages).toHaveLength(3);
  });

  it('holds the provision in place: each drift the list reports scrolls again, until the reader takes over', async () => {
    const t = start({ nodeId: 'n3' });
    await vi.advanceTimersByTimeAsync(10 + 100);
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'placing' } })).toBe(true);
    expect(t.context().scrollTarget).toEqual({ index: 15, nonce: 1 });
    // Rows above it got their texts: the same row is scrolled to again.
    t.actor.send({ type: 'place.drifted' });
    t.actor.send({ type: 'place.drifted' });
    expect(t.context().scrollTarget).toEqual({ index: 15, nonce: 3 });
    // The reader scrolls: their place from now on, drifts no longer move the page.
    t.actor.send({ type: 'reader.input' });
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'idle' } })).toBe(true);
    t.actor.send({ type: 'place.drifted' });
    expect(t.context().scrollTarget).toEqual({ index: 15, nonce: 3 });
  });

  it('gives up placing after MAX_PLACE_ATTEMPTS drifts', async () => {
    const t = start({ nodeId: 'n3' });
    await vi.advanceTimersByTimeAsync(10 + 100);
    for (let i = 0; i < MAX_PLACE_ATTEMPTS; i++) t.actor.send({ type: 'place.drifted' });
    expect(t.context().scrollTarget?.nonce).toBe(1 + MAX_PLACE_ATTEMPTS);
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'placing' } })).toBe(true);
    t.actor.send({ type: 'place.drifted' });
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'idle' } })).toBe(true);
    expect(t.context().scrollTarget?.nonce).toBe(1 + MAX_PLACE_ATTEMPTS);
  });

  it('holds a provision the reader is at when the layout changes (compact reading), without a new address', async () => {
    const t = start({ nodeOrder: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`n${i}`, i])) });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'idle' } })).toBe(true);
    t.actor.send({ type: 'place.hold', nodeId: 'n7' });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.context().scrollTarget).toEqual({ index: 35, nonce: 1 });
    expect(t.actor.getSnapshot().matches({ reading: { jump: 'placing' } })).toBe(true);
    // Held again while placing: the new place wins.
    t.actor.send({ type: 'place.hold', nodeId: 'n2' });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.context().scrollTarget).toEqual({ index: 10, nonce: 2 });
  });

  it('scrolls to the node of the address once the text is there', async () => {
    const t = start({ nodeId: 'n3' });
    await vi.advanceTimersByTimeAsync(10 + 100);
    expect(t.context().scrollTarget).toEqual({ index: 15, nonce: 1 });
  });

  it('seeks a node without fragments of its own only once the structure is known', async () => {
    const t = start({ nodeId: 'empty' });
    await vi.advanceTimersByTimeAsync(10 + 100);
    // Not on the first page and no structure yet: no more pages, no scroll.
    expect(t.pages).toHaveLength(1);
    expect(t.context().scrollTarget).toBeNull();
    t.actor.send({ type: 'nodes.loaded', nodeOrder: { n1: 1, n2: 2, empty: 1.5 } });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.context().scrollTarget).toEqual({ index: 10, nonce: 1 });
    expect(t.pages).toHaveLength(1);
  });

  it('a node without fragments scrolls to the next node in document order', async () => {
    const t = start({ nodeOrder: { n1: 1, n2: 2, empty: 1.5 } });
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'node.select', nodeId: 'empty' });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.context().scrollTarget?.index).toBe(10);
  });

  it('marks failed texts and retries one with the cached ETag; a 304 keeps the cached text', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10 + 300);
    t.actor.send({ type: 'text.retry', id: 'f1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.reloads).toEqual([{ id: 'f1', etag: '"uid1"' }]);
    expect(t.context().cache.entries.get('f1')?.text).toBe('text of f1');

    t.failTexts(true);
    t.actor.send({ type: 'list.rangeChanged', start: 60, end: 62 });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.context().failed).toContain('f61');
  });

  it('a retry of a failed text stores the new text', async () => {
    const t = start({}, { reload: (id) => ({ text: `fresh ${id}`, etag: '"x"' }) });
    t.failTexts(true);
    await vi.advanceTimersByTimeAsync(10 + 300);
    expect(t.context().failed).toContain('f1');
    t.actor.send({ type: 'text.retry', id: 'f1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.reloads).toEqual([{ id: 'f1', etag: undefined }]);
    expect(t.context().failed).not.toContain('f1');
    expect(t.context().cache.entries.get('f1')).toEqual({ text: 'fresh f1', hasText: true, etag: '"x"' });
  });

  it('loads spans only for visible fragments with text, once', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10 + 300);
    t.actor.send({ type: 'list.rangeChanged', start: 0, end: 6 });
    await vi.advanceTimersByTimeAsync(300);
    await vi.advanceTimersByTimeAsync(300);
    expect(t.spanBatches[0]).toEqual(['f1', 'f2', 'f3', 'f4', 'f6']);
    expect(t.spanBatches.flat().filter((id) => id === 'f1')).toHaveLength(1);
    expect(t.context().spans.f1).toEqual([]);
  });

  it('starts over in another language and scrolls back to the chosen node', async () => {
    const t = start({ preferredLang: 'cs', nodeId: 'n3' });
    await vi.advanceTimersByTimeAsync(10 + 300);
    t.actor.send({ type: 'language.select', lang: 'en' });
    expect(t.context().fragments).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 + 100);
    expect(t.pages.at(-1)).toEqual({ lang: 'en', cursor: null });
    expect(t.context().scrollTarget?.nonce).toBe(2);
    t.actor.send({ type: 'language.select', lang: 'xx' });
    expect(t.context().lang).toBe('en');
  });

  it('takes the first page and texts asked for while the app started, and asks for the rest itself', async () => {
    const page = (from: number) => ({ items: ALL.slice(from, from + 100), next_cursor: String(from + 100) });
    vi.mocked(listFragments).mockImplementation(async (_id, params) => page(params.cursor ? Number(params.cursor) : 0));
    vi.mocked(getFragmentTexts).mockImplementation(async (ids, lang) => ({
      items: ids.map((id) => ({
        id,
        node_id: 'n',
        cite_key: null,
        source_fragment_id: id,
        text: `${lang} ${id}`,
        has_text: true,
        language_id: 1,
        language_code: 'cs',
        translation: { status: null, stale: false, origin: 'imported' as const },
      })),
    }));
    prefetchFirstScreen('doc');
    await vi.advanceTimersByTimeAsync(0);
    expect(listFragments).toHaveBeenCalledTimes(1);
    expect(getFragmentTexts).toHaveBeenCalledWith(
      ALL.slice(0, 30)
        .filter((f) => f.has_text)
        .map((f) => f.id),
      'cs',
    );

    const actor = createActor(
      textLoadingMachine.provide({
        actors: { loadLanguages: fromPromise(async () => LANGUAGES), loadSpans: fromPromise(async () => ({})) },
      }),
      { input: { documentId: 'doc' } },
    );
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.fragments).toHaveLength(100);
    expect(actor.getSnapshot().context.cache.entries.get('f1')?.text).toBe('cs f1');
    expect(listFragments).toHaveBeenCalledTimes(1);
    expect(getFragmentTexts).toHaveBeenCalledTimes(1);
    actor.send({ type: 'list.sentinelVisible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.mocked(listFragments).mock.calls[1]?.[1]).toEqual({
      branch: undefined,
      lang: 'cs',
      cursor: '100',
      limit: 100,
    });
    // Taken once: another reading asks for itself.
    const again = createActor(
      textLoadingMachine.provide({ actors: { loadLanguages: fromPromise(async () => LANGUAGES) } }),
      { input: { documentId: 'doc' } },
    );
    again.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(listFragments).toHaveBeenCalledTimes(3);
    expect(getFragmentTexts).toHaveBeenCalledTimes(2);
  });

  it('opens in the preferred (interface) language when the document has it, unless a language was asked for', async () => {
    const preferred = start({ preferredLang: 'en' });
    await vi.advanceTimersByTimeAsync(10);
    // The first page tells the main language (cs); the list offers English: read in English.
    await vi.advanceTimersByTimeAsync(10);
    expect(preferred.pages.map((page) => page.lang)).toEqual([undefined, 'en']);
    expect(preferred.context()).toMatchObject({ lang: 'en', explicitLang: false });

    const asked = start({ preferredLang: 'en', lang: 'cs' });
    await vi.advanceTimersByTimeAsync(20);
    expect(asked.pages.map((page) => page.lang)).toEqual(['cs']);
    expect(asked.context().lang).toBe('cs');

    const absent = start({ preferredLang: 'de' });
    await vi.advanceTimersByTimeAsync(20);
    expect(absent.pages.map((page) => page.lang)).toEqual([undefined]);
  });

  it('follows a preferred (interface) language that changes after opening, unless the reader chose one', async () => {
    // Opened while the interface was German (the document has none): its own language, cs.
    const t = start({ preferredLang: 'de' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.context().lang).toBe('cs');
    // The interface turns English (the account's language arrived, or the user chose it).
    t.actor.send({ type: 'language.prefer', lang: 'en' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.pages.map((page) => page.lang)).toEqual([undefined, 'en']);
    expect(t.context()).toMatchObject({ lang: 'en', explicitLang: false, preferredLang: 'en' });
    // A language the document lacks: back to the document's own, the first listed.
    t.actor.send({ type: 'language.prefer', lang: 'cs' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.context().lang).toBe('cs');
    t.actor.send({ type: 'language.prefer', lang: 'de' });
    await vi.advanceTimersByTimeAsync(20);
    expect(t.context().lang).toBe('en');

    // The reader's own choice (?lang=) stays.
    const asked = start({ preferredLang: 'de', lang: 'cs' });
    await vi.advanceTimersByTimeAsync(20);
    asked.actor.send({ type: 'language.prefer', lang: 'en' });
    await vi.advanceTimersByTimeAsync(20);
    expect(asked.pages.map((page) => page.lang)).toEqual(['cs']);
    expect(asked.context().lang).toBe('cs');

    // Before the first page: the page decides, with the new preference.
    const early = start({ preferredLang: 'cs' });
    early.actor.send({ type: 'language.prefer', lang: 'en' });
    await vi.advanceTimersByTimeAsync(20);
    expect(early.context().lang).toBe('en');
  });
});
