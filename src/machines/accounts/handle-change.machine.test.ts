// The handle change flow on fake timers: ETag first, then the PATCH with it; 412 and 409 end in
// failed with the status and code; the guard keeps empty and unchanged handles from leaving.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { handleChangeMachine, selectCanSubmit } from './handle-change.machine';

const USER_ID = '7d3f2c1a-0b9e-4f5d-8c7a-6e5d4c3b2a10';

function start(
  patch: (input: { userId: string; next: string; etag: string }) => Promise<{ username: string; etag: string }>,
) {
  const etagCalls: string[] = [];
  const patchCalls: { userId: string; next: string; etag: string }[] = [];
  const handleChanged = vi.fn();
  const actor = createActor(
    handleChangeMachine.provide({
      actors: {
        resolveEtag: fromPromise(async ({ input }: { input: { userId: string } }) => {
          etagCalls.push(input.userId);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return 'W/"etag-1"';
        }),
        patchHandle: fromPromise(async ({ input }: { input: { userId: string; next: string; etag: string } }) => {
          patchCalls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return patch(input);
        }),
      },
      actions: { handleChanged: (_, params) => handleChanged(params.username) },
    }),
    { input: { userId: USER_ID, current: 'jana-novakova' } },
  ).start();
  return { actor, etagCalls, patchCalls, handleChanged, phase: () => actor.getSnapshot().value };
}

describe('handleChangeMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves the ETag, patches with it and ends in done with the new handle', async () => {
    const { actor, etagCalls, patchCalls, handleChanged, phase } = start(async (input) => ({
      username: input.next,
      etag: 'W/"etag-2"',
    }));
    actor.send({ type: 'handle.input', value: '  Jana_N ' });
    actor.send({ type: 'handle.submit' });
    expect(phase()).toBe('resolvingEtag');
    expect(etagCalls).toEqual([USER_ID]);
    await vi.advanceTimersByTimeAsync(50);
    expect(phase()).toBe('patching');
    expect(patchCalls).toEqual([{ userId: USER_ID, next: 'jana_n', etag: 'W/"etag-1"' }]);
    await vi.advanceTimersByTimeAsync(50);
    expect(phase()).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ current: 'jana_n', next: '', error: undefined });
    expect(handleChanged).toHaveBeenCalledWith('jana_n');
    // The same handle again is no change.
    actor.send({ type: 'handle.input', value: 'jana_n' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });

  it('fails with 412 when the ETag is stale, and can try again', async () => {
    let calls = 0;
    const { actor, handleChanged, phase, etagCalls } = start(async (input) => {
      calls += 1;
      if (calls === 1) throw new ApiError(412, 'precondition_failed');
      return { username: input.next, etag: 'W/"etag-3"' };
    });
    actor.send({ type: 'handle.input', value: 'jana' });
    actor.send({ type: 'handle.submit' });
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 412, detail: 'precondition_failed' });
    expect(actor.getSnapshot().context.current).toBe('jana-novakova');
    expect(handleChanged).not.toHaveBeenCalled();

    // A second try resolves a fresh ETag first.
    actor.send({ type: 'handle.submit' });
    expect(phase()).toBe('resolvingEtag');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('done');
    expect(etagCalls).toHaveLength(2);
  });

  it('fails with 409 when the handle is taken', async () => {
    const { actor, phase } = start(async () => {
      throw new ApiError(409, 'handle_taken');
    });
    actor.send({ type: 'handle.input', value: 'petr' });
    actor.send({ type: 'handle.submit' });
    await vi.advanceTimersByTimeAsync(100);
    expect(phase()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 409, detail: 'handle_taken' });
    expect(actor.getSnapshot().context.next).toBe('petr');
  });

  it('a failed ETag request ends in failed without a PATCH', async () => {
    const actor = createActor(
      handleChangeMachine.provide({
        actors: {
          resolveEtag: fromPromise<string, { userId: string }>(async () => {
            throw new ApiError(401, 'not_authenticated');
          }),
          patchHandle: fromPromise<{ username: string; etag: string }, { userId: string; next: string; etag: string }>(
            async () => {
              throw new Error('must not be called');
            },
          ),
        },
      }),
      { input: { userId: USER_ID, current: 'jana' } },
    ).start();
    actor.send({ type: 'handle.input', value: 'janka' });
    actor.send({ type: 'handle.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 401, detail: 'not_authenticated' });
  });

  it('does not submit an empty or unchanged handle', async () => {
    const { actor, etagCalls, phase } = start(async (input) => ({ username: input.next, etag: 'x' }));
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'handle.submit' });
    actor.send({ type: 'handle.input', value: '   ' });
    actor.send({ type: 'handle.submit' });
    actor.send({ type: 'handle.input', value: 'Jana-Novakova' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'handle.submit' });
    await vi.advanceTimersByTimeAsync(500);
    expect(phase()).toBe('idle');
    expect(etagCalls).toEqual([]);
    actor.send({ type: 'handle.input', value: 'jana2' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('ignores typing while the change is on its way', async () => {
    const { actor, patchCalls, phase } = start(async (input) => ({ username: input.next, etag: 'x' }));
    actor.send({ type: 'handle.input', value: 'first' });
    actor.send({ type: 'handle.submit' });
    actor.send({ type: 'handle.input', value: 'second' });
    expect(phase()).toBe('resolvingEtag');
    await vi.advanceTimersByTimeAsync(100);
    expect(patchCalls.map((call) => call.next)).toEqual(['first']);
    expect(actor.getSnapshot().context.current).toBe('first');
  });
});
