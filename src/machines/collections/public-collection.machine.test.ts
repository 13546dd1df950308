// The public collection page's flow on fake timers: the first page, 'Load more' along
// next_cursor (no document twice), a failed 'Load more' keeping the items, and the page's
// failures: 404 not found, 400 invalid, anything else failed with retry.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { PublicCollection } from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  publicCollectionMachine,
  selectError,
  selectHasMore,
  selectItems,
  selectLoadingMore,
  selectMoreError,
  selectPage,
  selectStatus,
  type PublicCollectionAddress,
} from './public-collection.machine';
import { numberedItem, pageOf } from './public-collection.fixtures';

const ADDRESS: PublicCollectionAddress = { kind: 'owner', ownerType: 'user', handle: 'jana', slug: 'ustavni-pravo' };
type Load = (cursor: string | undefined) => Promise<PublicCollection>;

function start(load: Load, address = ADDRESS) {
  const calls: Array<{ address: PublicCollectionAddress; cursor?: string }> = [];
  const actor = createActor(
    publicCollectionMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: { address: PublicCollectionAddress; cursor?: string } }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 30));
          return load(input.cursor);
        }),
      },
    }),
    { input: { address } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, snapshot };
}

const PAGES: Record<string, PublicCollection> = {
  first: pageOf({ items: [numberedItem(1), numberedItem(2)], next_cursor: 'c2' }),
  c2: pageOf({ items: [numberedItem(2), numberedItem(3)], next_cursor: 'c3' }),
  c3: pageOf({ items: [numberedItem(4)], next_cursor: null }),
};
const paged: Load = async (cursor) => PAGES[cursor ?? 'first']!;

describe('public collection machine', () => {
  fakeTimersInEachTest();

  it('loads the first page of its address', async () => {
    const { snapshot, calls } = start(paged);
    expect(selectStatus(snapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(30);
    expect(selectStatus(snapshot())).toBe('loaded');
    expect(selectPage(snapshot())?.collection.name).toBe('Ústavní právo');
    expect(selectItems(snapshot()).map((item) => item.position)).toEqual([1, 2]);
    expect(selectHasMore(snapshot())).toBe(true);
    expect(calls).toEqual([{ address: ADDRESS }]);
  });

  it('loads more along next_cursor, never showing a document twice, until there is no more', async () => {
    const { actor, snapshot, calls } = start(paged);
    await vi.advanceTimersByTimeAsync(30);
    actor.send({ type: 'items.more' });
    expect(selectLoadingMore(snapshot())).toBe(true);
    // A second click while loading asks for nothing more.
    actor.send({ type: 'items.more' });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectItems(snapshot()).map((item) => item.position)).toEqual([1, 2, 3]);
    actor.send({ type: 'items.more' });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectItems(snapshot()).map((item) => item.position)).toEqual([1, 2, 3, 4]);
    expect(selectHasMore(snapshot())).toBe(false);
    actor.send({ type: 'items.more' });
    expect(selectLoadingMore(snapshot())).toBe(false);
    expect(calls.map((call) => call.cursor)).toEqual([undefined, 'c2', 'c3']);
  });

  it('keeps the items when loading more fails, and tries again', async () => {
    let failMore = true;
    const { actor, snapshot } = start(async (cursor) => {
      if (cursor && failMore) throw new ApiError(503, 'http_error');
      return paged(cursor);
    });
    await vi.advanceTimersByTimeAsync(30);
    actor.send({ type: 'items.more' });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectStatus(snapshot())).toBe('loaded');
    expect(selectMoreError(snapshot())?.status).toBe(503);
    expect(selectItems(snapshot())).toHaveLength(2);
    failMore = false;
    actor.send({ type: 'items.more' });
    expect(selectMoreError(snapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30);
    expect(selectItems(snapshot())).toHaveLength(3);
  });

  it.each([
    ['notFound', new ApiError(404, 'not_found')],
    ['invalid', new ApiError(400, 'validation_failed', { field: 'slug' })],
    ['failed', new ApiError(500, 'internal_error')],
    ['failed', new TypeError('Failed to fetch')],
  ] as const)('ends %s on %s', async (status, failure) => {
    const { snapshot } = start(async () => {
      throw failure;
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectStatus(snapshot())).toBe(status);
  });

  it('loads again on retry after a failure', async () => {
    let fail = true;
    const { actor, snapshot, calls } = start(async (cursor) => {
      if (fail) throw new ApiError(500, 'internal_error');
      return paged(cursor);
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectError(snapshot())?.detail).toBe('internal_error');
    fail = false;
    actor.send({ type: 'page.retry' });
    expect(selectError(snapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30);
    expect(selectStatus(snapshot())).toBe('loaded');
    expect(calls).toHaveLength(2);
  });
});
