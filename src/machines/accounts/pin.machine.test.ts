// The pin toggle on fake timers: loads the pinned state, pins and unpins, keeps the confirmed
// state when a toggle fails, ignores clicks while one is on its way.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { pinMachine, selectPinned } from './pin.machine';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';

function start(initial: boolean, toggle?: (pinned: boolean) => Promise<boolean>) {
  const toggles: boolean[] = [];
  const actor = createActor(
    pinMachine.provide({
      actors: {
        loadPinned: fromPromise(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return initial;
        }),
        setPinned: fromPromise(async ({ input }: { input: { documentId: string; pinned: boolean } }) => {
          toggles.push(input.pinned);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return toggle ? toggle(input.pinned) : input.pinned;
        }),
      },
    }),
    { input: { documentId: DOC } },
  ).start();
  const state = () => ({ phase: actor.getSnapshot().value, pinned: selectPinned(actor.getSnapshot()) });
  return { actor, toggles, state };
}

describe('pinMachine', () => {
  fakeTimersInEachTest();

  it('loads the state, then pins and unpins', async () => {
    const { actor, toggles, state } = start(false);
    expect(state().phase).toBe('loading');
    actor.send({ type: 'pin.toggle' }); // not ready yet: ignored
    await vi.advanceTimersByTimeAsync(20);
    expect(state()).toEqual({ phase: 'ready', pinned: false });

    actor.send({ type: 'pin.toggle' });
    expect(state().phase).toBe('toggling');
    actor.send({ type: 'pin.toggle' }); // a double click sends one request
    await vi.advanceTimersByTimeAsync(20);
    expect(state()).toEqual({ phase: 'ready', pinned: true });

    actor.send({ type: 'pin.toggle' });
    await vi.advanceTimersByTimeAsync(20);
    expect(state()).toEqual({ phase: 'ready', pinned: false });
    expect(toggles).toEqual([true, false]);
  });

  it('starts pinned when the stats say so', async () => {
    const { actor, toggles, state } = start(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(state().pinned).toBe(true);
    actor.send({ type: 'pin.toggle' });
    await vi.advanceTimersByTimeAsync(20);
    expect(toggles).toEqual([false]);
    expect(state().pinned).toBe(false);
  });

  it('keeps the confirmed state and the error when a toggle fails', async () => {
    const { actor, state } = start(false, async () => {
      throw new ApiError(404, 'not_found');
    });
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'pin.toggle' });
    await vi.advanceTimersByTimeAsync(20);
    expect(state()).toEqual({ phase: 'ready', pinned: false });
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 404, detail: 'not_found' });
  });

  it('a failed load can be retried', async () => {
    let calls = 0;
    const actor = createActor(
      pinMachine.provide({
        actors: {
          loadPinned: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new ApiError(500, 'internal_error');
            return true;
          }),
        },
      }),
      { input: { documentId: DOC } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'pin.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pinned).toBe(true);
  });
});
