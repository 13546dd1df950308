// The quick search flow with fake timers and a scripted search actor.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderByGroup, quickSearchMachine, selectPhase, type QuickSearchResult } from './quick-search.machine';

const result = (n: number, group: QuickSearchResult['group'] = 'search'): QuickSearchResult => ({
  document_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Document ${n}`,
  external_id: `${n}/1993 Sb.`,
  group,
});

/** A search actor whose answers the test releases by hand, in any order. */
function scriptedSearch() {
  const calls: { query: string; resolve: (items: QuickSearchResult[]) => void; reject: (error: Error) => void }[] = [];
  const actor = fromPromise(
    ({ input }: { input: { query: string } }) =>
      new Promise<QuickSearchResult[]>((resolve, reject) => calls.push({ query: input.query, resolve, reject })),
  );
  return { calls, actor };
}

function start(search = scriptedSearch()) {
  const openResult = vi.fn();
  const notifyClosed = vi.fn();
  const recordPick = vi.fn();
  const actor = createActor(
    quickSearchMachine.provide({
      actors: {
        search: search.actor,
        recordPick: fromPromise(async ({ input }: { input: { result: QuickSearchResult } }) =>
          recordPick(input.result.document_id),
        ),
      },
      actions: {
        openResult: (_, params) => openResult(params.result),
        notifyClosed,
      },
    }),
  );
  actor.start();
  return { actor, search, openResult, notifyClosed, recordPick, phase: () => selectPhase(actor.getSnapshot()) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('quickSearchMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on the prompt without a request when the query is empty', async () => {
    const { actor, search, phase } = start();
    expect(phase()).toBe('closed');
    actor.send({ type: 'search.open' });
    expect(phase()).toBe('prompt');
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'search.type', value: '   ' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(phase()).toBe('prompt');
    expect(search.calls).toHaveLength(0);
  });

  it('coalesces keystrokes into one request after 300 ms', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open' });
    for (const value of ['u', 'us', 'ust', 'usta', 'ustav', 'ustava']) {
      actor.send({ type: 'search.type', value });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(search.calls).toHaveLength(0);
    expect(phase()).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('searching');
    expect(search.calls.map((call) => call.query)).toEqual(['ustava']);
    search.calls[0]!.resolve([result(1), result(2)]);
    await flush();
    expect(phase()).toBe('results');
    expect(actor.getSnapshot().context.results).toHaveLength(2);
  });

  it('searches the initial query it was opened with', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open', query: 'ústava' });
    expect(actor.getSnapshot().context.query).toBe('ústava');
    await vi.advanceTimersByTimeAsync(300);
    expect(phase()).toBe('searching');
    expect(search.calls[0]!.query).toBe('ústava');
  });

  it('ignores an answer that arrives after a newer keystroke', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', value: 'ust' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'search.type', value: 'ustava' });
    await vi.advanceTimersByTimeAsync(300);
    expect(search.calls.map((call) => call.query)).toEqual(['ust', 'ustava']);
    search.calls[1]!.resolve([result(2)]);
    await flush();
    search.calls[0]!.resolve([result(1), result(3), result(4)]);
    await flush();
    expect(phase()).toBe('results');
    expect(actor.getSnapshot().context.results.map((item) => item.title)).toEqual(['Document 2']);
  });

  it('shows "nothing found" and errors as their own states', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open', query: 'zzzz' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([]);
    await flush();
    expect(phase()).toBe('empty');
    actor.send({ type: 'search.type', value: 'zzz' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[1]!.reject(new Error('API 500: internal'));
    await flush();
    expect(phase()).toBe('error');
    expect(actor.getSnapshot().context.error?.message).toBe('API 500: internal');
  });

  it('moves the active result with wrap-around and opens it with Enter', async () => {
    const { actor, search, openResult, notifyClosed, phase } = start();
    actor.send({ type: 'search.open', query: 'doc' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([result(1), result(2), result(3)]);
    await flush();
    const active = () => actor.getSnapshot().context.activeIndex;
    expect(active()).toBe(-1);
    // ArrowUp from nothing highlighted starts at the last result.
    actor.send({ type: 'search.move', by: -1 });
    expect(active()).toBe(2);
    actor.send({ type: 'search.move', by: 1 });
    expect(active()).toBe(0);
    actor.send({ type: 'search.move', by: -1 });
    expect(active()).toBe(2);
    actor.send({ type: 'search.move', by: 1 });
    expect(active()).toBe(0);
    actor.send({ type: 'search.move', by: 1 });
    expect(active()).toBe(1);
    actor.send({ type: 'search.select' });
    expect(openResult).toHaveBeenCalledWith(result(2));
    expect(notifyClosed).toHaveBeenCalledOnce();
    expect(phase()).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ query: '', results: [], activeIndex: -1 });
  });

  it('opens the first result on Enter when none is highlighted, and a clicked one by index', async () => {
    const { actor, search, openResult } = start();
    actor.send({ type: 'search.open', query: 'doc' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([result(1), result(2)]);
    await flush();
    actor.send({ type: 'search.select' });
    expect(openResult).toHaveBeenLastCalledWith(result(1));

    actor.send({ type: 'search.open', query: 'doc' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[1]!.resolve([result(1), result(2)]);
    await flush();
    actor.send({ type: 'search.select', index: 1 });
    expect(openResult).toHaveBeenLastCalledWith(result(2));
  });

  it('does nothing on Enter or arrows without results', async () => {
    const { actor, openResult, phase } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.move', by: 1 });
    actor.send({ type: 'search.select' });
    expect(openResult).not.toHaveBeenCalled();
    expect(phase()).toBe('prompt');
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
  });

  it('Esc closes and clears, and stops a search in flight', async () => {
    const { actor, search, notifyClosed, phase } = start();
    actor.send({ type: 'search.open', query: 'ustava' });
    await vi.advanceTimersByTimeAsync(300);
    expect(phase()).toBe('searching');
    actor.send({ type: 'search.close' });
    expect(phase()).toBe('closed');
    expect(notifyClosed).toHaveBeenCalledOnce();
    search.calls[0]!.resolve([result(1)]);
    await flush();
    expect(phase()).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ query: '', results: [], activeIndex: -1 });
    actor.send({ type: 'search.open' });
    expect(phase()).toBe('prompt');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });

  it('a keystroke resets the highlight and keeps the shown results until the new answer', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open', query: 'doc' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([result(1), result(2)]);
    await flush();
    actor.send({ type: 'search.move', by: 1 });
    actor.send({ type: 'search.type', value: 'docu' });
    expect(phase()).toBe('debouncing');
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
    expect(actor.getSnapshot().context.results).toHaveLength(2);
    actor.send({ type: 'search.type', value: '' });
    expect(phase()).toBe('prompt');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });
});

describe('quickSearchMachine for a logged-in user', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the personal groups at once when opened with an empty query', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open', personal: true });
    expect(phase()).toBe('searching');
    expect(search.calls.map((call) => call.query)).toEqual(['']);
    search.calls[0]!.resolve([result(1), result(2, 'pinned'), result(3, 'frequent'), result(4, 'recent')]);
    await flush();
    expect(phase()).toBe('results');
    expect(actor.getSnapshot().context.results.map((item) => item.group)).toEqual([
      'pinned',
      'recent',
      'frequent',
      'search',
    ]);

    // Typing searches with the debounce as before; clearing the box asks for the groups again.
    actor.send({ type: 'search.type', value: 'ust' });
    expect(phase()).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'search.type', value: '' });
    expect(phase()).toBe('searching');
    expect(search.calls.map((call) => call.query)).toEqual(['', 'ust', '']);
  });

  it('shows the prompt when there is nothing pinned or read yet', async () => {
    const { actor, search, phase } = start();
    actor.send({ type: 'search.open', personal: true });
    search.calls[0]!.resolve([]);
    await flush();
    expect(phase()).toBe('prompt');
  });

  it('records the pick for a logged-in user, and not for an anonymous one', async () => {
    const { actor, search, openResult, recordPick } = start();
    actor.send({ type: 'search.open', personal: true });
    search.calls[0]!.resolve([result(7, 'recent'), result(8)]);
    await flush();
    actor.send({ type: 'search.select', index: 1 });
    expect(openResult).toHaveBeenLastCalledWith(result(8));
    await flush();
    expect(recordPick).toHaveBeenLastCalledWith(result(8).document_id);

    // Closing forgets the session flag: the next open without it is anonymous.
    actor.send({ type: 'search.open', query: 'doc' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[1]!.resolve([result(9)]);
    await flush();
    actor.send({ type: 'search.select' });
    await flush();
    expect(openResult).toHaveBeenLastCalledWith(result(9));
    expect(recordPick).toHaveBeenCalledTimes(1);
  });
});

describe('orderByGroup', () => {
  it('puts pinned, recent and frequent before search, stable within a group', () => {
    const items = [result(1), result(2, 'recent'), result(3), result(4, 'pinned'), result(5, 'recent')];
    expect(orderByGroup(items).map((item) => item.title)).toEqual([
      'Document 4',
      'Document 2',
      'Document 5',
      'Document 1',
      'Document 3',
    ]);
  });
});
