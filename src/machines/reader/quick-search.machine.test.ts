// The quick search flow with fake timers and a scripted search actor.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ProvisionHit } from '../../api/contract/search';
import { ARTICLE_54, ARTICLE_56 } from '../../testing/search-fixtures';
import {
  orderByGroup,
  quickSearchMachine,
  selectPhase,
  type QuickSearchAnswer,
  type QuickSearchResult,
} from './quick-search.machine';

const result = (n: number, group: QuickSearchResult['group'] = 'search'): QuickSearchResult => ({
  document_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Document ${n}`,
  external_id: `${n}/1993 Sb.`,
  group,
});

/** A search actor whose answers the test releases by hand, in any order. */
function scriptedSearch() {
  const calls: {
    query: string;
    resolve: (items: QuickSearchResult[], textHits?: ProvisionHit[]) => void;
    reject: (error: Error) => void;
  }[] = [];
  const actor = fromPromise(
    ({ input }: { input: { query: string } }) =>
      new Promise<QuickSearchAnswer>((resolve, reject) =>
        calls.push({ query: input.query, resolve: (items, textHits = []) => resolve({ items, textHits }), reject }),
      ),
  );
  return { calls, actor };
}

function start(search = scriptedSearch()) {
  const openResult = vi.fn();
  const openHit = vi.fn();
  const openSearch = vi.fn();
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
        openHit: (_, params) => openHit(params.hit),
        openSearch: (_, params) => openSearch(params.query),
        notifyClosed,
      },
    }),
  );
  actor.start();
  return {
    actor,
    search,
    openResult,
    openHit,
    openSearch,
    notifyClosed,
    recordPick,
    phase: () => selectPhase(actor.getSnapshot()),
  };
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

describe('quickSearchMachine: in the text, and every result', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts the provision hits after the documents, opens one at the provision, and records no visit', async () => {
    const { actor, search, openResult, openHit, recordPick, phase } = start();
    actor.send({ type: 'search.open', query: 'prezident', personal: true });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([result(1)], [ARTICLE_54, ARTICLE_56]);
    await flush();
    expect(phase()).toBe('results');
    expect(actor.getSnapshot().context.textHits).toEqual([ARTICLE_54, ARTICLE_56]);
    // Up from nothing lands on the last hit; down wraps to the document.
    actor.send({ type: 'search.move', by: -1 });
    expect(actor.getSnapshot().context.activeIndex).toBe(2);
    actor.send({ type: 'search.move', by: 1 });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
    actor.send({ type: 'search.select', index: 2 });
    expect(openHit).toHaveBeenCalledWith(ARTICLE_56);
    expect(openResult).not.toHaveBeenCalled();
    await flush();
    expect(recordPick).not.toHaveBeenCalled();
    expect(phase()).toBe('closed');
  });

  it('shows provision hits alone, and "show all" opens the search screen for the words', async () => {
    const { actor, search, openSearch, notifyClosed, phase } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.showAll' });
    expect(openSearch).not.toHaveBeenCalled();
    actor.send({ type: 'search.type', value: ' hlavou státu ' });
    await vi.advanceTimersByTimeAsync(300);
    search.calls[0]!.resolve([], [ARTICLE_54]);
    await flush();
    expect(phase()).toBe('results');
    actor.send({ type: 'search.showAll' });
    expect(openSearch).toHaveBeenCalledWith('hlavou státu');
    expect(notifyClosed).toHaveBeenCalledOnce();
    expect(phase()).toBe('closed');
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
