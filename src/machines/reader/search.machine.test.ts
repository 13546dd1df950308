// The full-text search flow: the address read and written, no request for empty words, a new
// search starting at page 1, facets and pages, back and forward, a resolved citation opened by a
// second Enter, failures.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { SearchResult } from '../../api/contract/search';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { ARTICLE_54_RESULT, PRESIDENT_RESULT } from '../../testing/search-fixtures';
import {
  queryOfSearch,
  searchFromQuery,
  searchMachine,
  selectPageCount,
  selectStatus,
  type SearchAddress,
} from './search.machine';

function start(answer: (search: SearchAddress) => Promise<SearchResult>, input?: Partial<SearchAddress>) {
  const calls: SearchAddress[] = [];
  const addresses: string[] = [];
  const opened = vi.fn();
  const actor = createActor(
    searchMachine.provide({
      actors: {
        runSearch: fromPromise(async ({ input }: { input: SearchAddress }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return answer(input);
        }),
      },
      actions: {
        writeAddress: (_, params: { query: string }) => void addresses.push(params.query),
        openResolution: (_, params) => opened(params.resolution),
      },
    }),
    { input },
  );
  actor.start();
  const status = () => selectStatus(actor.getSnapshot());
  return { actor, calls, addresses, opened, status };
}

describe('search machine', () => {
  fakeTimersInEachTest();

  it('reads and writes the address, dropping unknown values', () => {
    const search = searchFromQuery(
      'q=prezident+republiky&jurisdiction=cz&type=nope&lang=cs&version=all&in_force=true&page=3',
    );
    expect(search).toEqual({
      q: 'prezident republiky',
      jurisdiction: 'cz',
      type: undefined,
      lang: 'cs',
      version: 'all',
      inForce: true,
      page: 2,
    });
    expect(queryOfSearch(search)).toBe(
      'q=prezident+republiky&jurisdiction=cz&lang=cs&version=all&in_force=true&page=3',
    );
    expect(searchFromQuery('q=x&version=current&lang=ces&page=-1')).toMatchObject({
      version: undefined,
      lang: undefined,
      page: 0,
    });
  });

  it('asks nothing for empty words', async () => {
    const { calls, status } = start(async () => PRESIDENT_RESULT);
    expect(status()).toBe('empty');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(0);
  });

  it('searches the address it opens with, then a new search starts at page 1 with the facets kept', async () => {
    const { actor, calls, addresses, status } = start(async () => PRESIDENT_RESULT, {
      q: 'prezident',
      jurisdiction: 'cz',
      page: 2,
    });
    expect(status()).toBe('loading');
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('loaded');
    expect(calls[0]).toMatchObject({ q: 'prezident', jurisdiction: 'cz', page: 2 });
    expect(addresses).toEqual([]);

    actor.send({ type: 'search.change', q: '  prezident republiky ' });
    actor.send({ type: 'search.submit' });
    expect(addresses).toEqual(['q=prezident+republiky&jurisdiction=cz']);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls[1]).toMatchObject({ q: 'prezident republiky', page: 0 });
    expect(selectPageCount(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'filter.set', filters: { jurisdiction: undefined, lang: 'cs', version: 'all' } });
    actor.send({ type: 'page.set', page: 1 });
    expect(addresses.at(-1)).toBe('q=prezident+republiky&lang=cs&version=all&page=2');
    await vi.advanceTimersByTimeAsync(50);
    // The facet's search was stopped by the page's.
    expect(calls).toHaveLength(4);
    expect(calls[3]).toMatchObject({ lang: 'cs', version: 'all', page: 1, jurisdiction: undefined });
  });

  it('follows back and forward, and ignores the address it wrote itself', async () => {
    const { actor, calls, status } = start(async () => PRESIDENT_RESULT, { q: 'prezident' });
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'address.change', search: searchFromQuery('q=prezident') });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'address.change', search: searchFromQuery('q=vl%C3%A1da&page=2') });
    expect(actor.getSnapshot().context.draft).toBe('vláda');
    await vi.advanceTimersByTimeAsync(50);
    expect(calls[1]).toMatchObject({ q: 'vláda', page: 1 });
    actor.send({ type: 'address.change', search: searchFromQuery('') });
    expect(status()).toBe('empty');
    expect(actor.getSnapshot().context.result).toBeUndefined();
  });

  it('opens a resolved citation on demand, and on a second Enter on the same words', async () => {
    const { actor, calls, opened } = start(async () => ARTICLE_54_RESULT, { q: 'čl. 54 ústavy' });
    actor.send({ type: 'resolution.open' });
    expect(opened).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'resolution.open' });
    expect(opened).toHaveBeenLastCalledWith(expect.objectContaining({ path: 'cl-54', kind: 'provision' }));
    actor.send({ type: 'search.submit' });
    expect(opened).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(1);
    // Other words are searched first.
    actor.send({ type: 'search.change', q: 'čl. 55 ústavy' });
    actor.send({ type: 'search.submit' });
    expect(opened).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(2);
  });

  it('keeps a failure with its code, and retries', async () => {
    let fail = true;
    const { actor, status } = start(
      async () => {
        if (fail) throw new ApiError(400, 'validation_failed', { field: 'q' });
        return PRESIDENT_RESULT;
      },
      { q: '"' },
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 400, detail: 'validation_failed' });
    fail = false;
    actor.send({ type: 'search.retry' });
    await vi.advanceTimersByTimeAsync(50);
    expect(status()).toBe('loaded');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
