// The reading flow on fake timers: pages by cursor, the near-end debounce, text batches (first 30,
// then the visible window ±10), the 304 retry, spans, and node jumps with the scroll delay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { textLoadingMachine, type FragmentRow, type LanguageRow, type SpanRow, type TextLoadingInput } from './text-loading.machine';

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

function start(input: Partial<TextLoadingInput> = {}, options: { reload?: (id: string, etag?: string) => { text: string; etag: string | null } | null } = {}) {
  const pages: Array<{ lang?: string; cursor: string | null }> = [];
  const textBatches: string[][] = [];
  const spanBatches: string[][] = [];
  const reloads: Array<{ id: string; etag?: string }> = [];
  let failTexts = false;
  const actor = createActor(
    textLoadingMachine.provide({
      actors: {
        loadLanguages: fromPromise(async () => LANGUAGES),
        loadPage: fromPromise(async ({ input }: { input: { documentId: string; lang?: string; cursor: string | null } }) => {
          pages.push({ lang: input.lang, cursor: input.cursor });
          await new Promise((resolve) => setTimeout(resolve, 10));
          const from = input.cursor ? Number(input.cursor) : 0;
          const items = ALL.slice(from, from + 100);
          return { items, next_cursor: from + 100 < TOTAL ? String(from + 100) : null };
        }),
        loadTexts: fromPromise(async ({ input }: { input: { ids: string[]; lang?: string } }) => {
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
    context: () => actor.getSnapshot().context,
  };
}

describe('text loading machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('picks the preferred language, else the first one', async () => {
    const preferred = start({ preferredLang: 'cs' });
    await vi.advanceTimersByTimeAsync(0);
    expect(preferred.context().lang).toBe('cs');
    const first = start({ preferredLang: 'de' });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.context().lang).toBe('en');
  });

  it('loads the first page and, 300 ms later, the texts of the first 30 fragments', async () => {
    const t = start({ preferredLang: 'cs' });
    await vi.advanceTimersByTimeAsync(10);
    expect(t.context().fragments).toHaveLength(100);
    expect(t.pages).toEqual([{ lang: 'cs', cursor: null }]);
    await vi.advanceTimersByTimeAsync(299);
    expect(t.textBatches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Only fragments with text are asked for.
    expect(t.textBatches).toEqual([ALL.slice(0, 30).filter((f) => f.has_text).map((f) => f.id)]);
    expect(t.context().cache.entries.get('f1')?.text).toBe('text of f1');
    expect(t.context().cache.entries.get('f1')?.etag).toBe('"uid1"');
  });

  it('asks for the visible window ±10, debounced, and never twice for the same text', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10 + 300);
    t.actor.send({ type: 'list.rangeChanged', start: 40, end: 45 });
    await vi.advanceTimersByTimeAsync(200);
    t.actor.send({ type: 'list.rangeChanged', start: 50, end: 55 });
    await vi.advanceTimersByTimeAsync(299);
    expect(t.textBatches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const expected = ALL.slice(30, 66).filter((f) => f.has_text).map((f) => f.id);
    expect(t.textBatches[1]).toEqual(expected);
    t.actor.send({ type: 'list.rangeChanged', start: 50, end: 55 });
    await vi.advanceTimersByTimeAsync(400);
    expect(t.textBatches).toHaveLength(2);
  });

  it('loads the next page 300 ms after the reader comes within 20 items of the end', async () => {
    const t = start();
    await vi.advanceTimersByTimeAsync(10);
    t.actor.send({ type: 'list.rangeChanged', start: 60, end: 70 });
    await vi.advanceTimersByTimeAsync(400);
    expect(t.pages).toHaveLength(1);
    t.actor.send({ type: 'list.rangeChanged', start: 75, end: 80 });
    await vi.advanceTimersByTimeAsync(250);
    // Still scrolling: the wait starts again.
    t.actor.send({ type: 'list.rangeChanged', start: 78, end: 85 });
    await vi.advanceTimersByTimeAsync(250);
    expect(t.pages).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.pages).toEqual([
      { lang: 'en', cursor: null },
      { lang: 'en', cursor: '100' },
    ]);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.context().fragments).toHaveLength(200);
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

  it('scrolls to the node of the address once the text is there', async () => {
    const t = start({ nodeId: 'n3' });
    await vi.advanceTimersByTimeAsync(10 + 100);
    expect(t.context().scrollTarget).toEqual({ index: 15, nonce: 1 });
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
});
