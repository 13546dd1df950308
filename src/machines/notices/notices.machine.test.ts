// The notices flow: loaded on sign-in (and emptied on sign-out), reloaded when a notice arrives,
// marked read at once and restored in its place when the server refuses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Notice } from '../../api/contract/notices';
import { noticesMachine, selectUnread, type NoticesEvent } from './notices.machine';

const notice = (id: string, title: string): Notice => ({
  id,
  kind: 'new_version',
  document_id: '0f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
  branch_id: '1f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
  title,
  valid_from: '2026-01-01',
  created_at: '2026-11-25T10:00:00.000Z',
  read_at: null,
});
const USTAVA = notice('2f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'Ústava');
const GDPR = notice('3f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'GDPR');
const LISTINA = notice('4f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b', 'Listina');
const USER = '7f1d8a3e-2b4c-4d5e-8f60-718293a4b5c6';

/** A server answering after `delay` ms with `lists` in turn; marking read fails when `refuse`. */
function start(lists: Notice[][], refuse = false, delay = 100) {
  const loads: string[] = [];
  const reads: string[] = [];
  const machine = noticesMachine.provide({
    actors: {
      load: fromPromise<Notice[], { userId: string }>(async ({ input }) => {
        loads.push(input.userId);
        await new Promise((resolve) => setTimeout(resolve, delay));
        return lists.shift() ?? [];
      }),
      markRead: fromCallback<NoticesEvent, { notice: Notice; index: number }>(({ input, sendBack }) => {
        reads.push(input.notice.id);
        const timer = setTimeout(() => {
          if (refuse) sendBack({ type: 'notices.readFailed', notice: input.notice, index: input.index });
        }, delay);
        return () => clearTimeout(timer);
      }),
    },
  });
  return { actor: createActor(machine).start(), loads, reads };
}

describe('noticesMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks nothing until sign-in, loads then, and empties on sign-out', async () => {
    const { actor, loads } = start([[USTAVA, GDPR]]);
    actor.send({ type: 'notices.signedOut' });
    await vi.advanceTimersByTimeAsync(200);
    expect(loads).toEqual([]);
    actor.send({ type: 'notices.signedIn', userId: USER });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(selectUnread(actor.getSnapshot())).toEqual([USTAVA, GDPR]);
    actor.send({ type: 'notices.signedOut' });
    expect(selectUnread(actor.getSnapshot())).toEqual([]);
    expect(loads).toEqual([USER]);
  });

  it('reloads when a notice arrives, also in the middle of a load', async () => {
    const { actor, loads } = start([[USTAVA], [LISTINA, USTAVA], [GDPR, LISTINA, USTAVA]]);
    actor.send({ type: 'notices.signedIn', userId: USER });
    await vi.advanceTimersByTimeAsync(100);
    expect(selectUnread(actor.getSnapshot())).toEqual([USTAVA]);
    actor.send({ type: 'notices.arrived' });
    await vi.advanceTimersByTimeAsync(50);
    // A second arrival while loading starts over; the first answer is dropped.
    actor.send({ type: 'notices.arrived' });
    await vi.advanceTimersByTimeAsync(100);
    expect(loads).toHaveLength(3);
    expect(selectUnread(actor.getSnapshot())).toEqual([GDPR, LISTINA, USTAVA]);
  });

  it('marks read at once and keeps it so when the server agrees', async () => {
    const { actor, reads } = start([[USTAVA, GDPR]]);
    actor.send({ type: 'notices.signedIn', userId: USER });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'notices.markRead', id: USTAVA.id });
    expect(selectUnread(actor.getSnapshot())).toEqual([GDPR]);
    await vi.advanceTimersByTimeAsync(100);
    expect(selectUnread(actor.getSnapshot())).toEqual([GDPR]);
    expect(reads).toEqual([USTAVA.id]);
  });

  it('restores a notice in its place when the server refuses to mark it read', async () => {
    const { actor } = start([[USTAVA, GDPR, LISTINA]], true);
    actor.send({ type: 'notices.signedIn', userId: USER });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'notices.markRead', id: GDPR.id });
    expect(selectUnread(actor.getSnapshot())).toEqual([USTAVA, LISTINA]);
    await vi.advanceTimersByTimeAsync(100);
    expect(selectUnread(actor.getSnapshot())).toEqual([USTAVA, GDPR, LISTINA]);
  });
});
