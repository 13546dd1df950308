// The sessions list flow on fake timers: load, sign out one other session (the list follows),
// sign out everywhere else (only the current one stays), failures kept beside the list, and the
// current session never signed out from here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { SessionInfo } from '../../api/contract';
import { selectHasOtherSessions, sessionsListMachine } from './sessions-list.machine';

const session = (id: string, current = false): SessionInfo => ({
  id,
  created_at: '2026-11-01T10:00:00.000Z',
  last_seen_at: '2026-11-24T10:00:00.000Z',
  expires_at: '2026-12-24T10:00:00.000Z',
  client: 'Firefox · Linux',
  current,
});
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function start(options: { load?: () => Promise<SessionInfo[]>; end?: (id: string) => Promise<void> } = {}) {
  const ended: string[] = [];
  let othersCalls = 0;
  const actor = createActor(
    sessionsListMachine.provide({
      actors: {
        loadSessions: fromPromise(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return options.load ? options.load() : [session(ID(1), true), session(ID(2)), session(ID(3))];
        }),
        endSession: fromPromise(async ({ input }: { input: { id: string } }) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          ended.push(input.id);
          await options.end?.(input.id);
          return { status: 'ok' as const };
        }),
        endOtherSessions: fromPromise(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          othersCalls += 1;
          return { status: 'ok' as const, ended: 2 };
        }),
      },
    }),
  ).start();
  return {
    actor,
    ended,
    othersCalls: () => othersCalls,
    ids: () => actor.getSnapshot().context.sessions.map((s) => s.id),
  };
}

describe('sessionsListMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads, signs out one other session and drops it from the list', async () => {
    const { actor, ended, ids } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(ids()).toEqual([ID(1), ID(2), ID(3)]);
    actor.send({ type: 'session.end', id: ID(2) });
    expect(actor.getSnapshot().context.busy).toBe(ID(2));
    await vi.advanceTimersByTimeAsync(20);
    expect(ended).toEqual([ID(2)]);
    expect(ids()).toEqual([ID(1), ID(3)]);
    expect(actor.getSnapshot().context.done).toEqual({ kind: 'one' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('never signs out the current session from here', async () => {
    const { actor, ended } = start();
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'session.end', id: ID(1) });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(ended).toEqual([]);
  });

  it('signs out everywhere else: only the current session stays', async () => {
    const { actor, ids, othersCalls } = start();
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'sessions.endOthers' });
    await vi.advanceTimersByTimeAsync(20);
    expect(othersCalls()).toBe(1);
    expect(ids()).toEqual([ID(1)]);
    expect(actor.getSnapshot().context.done).toEqual({ kind: 'others', ended: 2 });
    expect(selectHasOtherSessions(actor.getSnapshot())).toBe(false);
    // Nothing left to sign out: the event is ignored.
    actor.send({ type: 'sessions.endOthers' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('keeps the list and the failure when signing out fails', async () => {
    const { actor, ids } = start({
      end: async () => {
        throw new ApiError(404, 'not_found');
      },
    });
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'session.end', id: ID(3) });
    await vi.advanceTimersByTimeAsync(20);
    expect(ids()).toEqual([ID(1), ID(2), ID(3)]);
    expect(actor.getSnapshot().context.actionError?.detail).toBe('not_found');
    expect(actor.getSnapshot().context.busy).toBeUndefined();
  });

  it('says why the list did not load and tries again on retry', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(503, 'try_again');
        return [session(ID(1), true)];
      },
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(actor.getSnapshot().context.error?.detail).toBe('try_again');
    actor.send({ type: 'sessions.retry' });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});
