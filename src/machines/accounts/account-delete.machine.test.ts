// The account deletion flow on fake timers: nothing is deleted without a password and a
// confirmation; a refusal returns to the form with its code; success runs accountDeleted once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { accountDeleteMachine, selectDeleteError } from './account-delete.machine';

function start(answer: (password: string) => Promise<void>) {
  const calls: string[] = [];
  const deleted = vi.fn();
  const actor = createActor(
    accountDeleteMachine.provide({
      actors: {
        deleteAccount: fromPromise(async ({ input }: { input: { password: string } }) => {
          calls.push(input.password);
          await new Promise((resolve) => setTimeout(resolve, 30));
          await answer(input.password);
          return { status: 'ok' as const };
        }),
      },
      actions: { accountDeleted: deleted },
    }),
  ).start();
  return { actor, calls, deleted };
}

describe('accountDeleteMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the password, then a confirmation, then deletes', async () => {
    const { actor, calls, deleted } = start(async () => {});
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'password.input', value: 'correct horse' });
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(calls).toEqual([]);

    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches('deleting')).toBe(true);
    await vi.advanceTimersByTimeAsync(30);
    expect(calls).toEqual(['correct horse']);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it.each([
    [403, 'password_incorrect'],
    [409, 'org_ownership_transfer_required'],
  ] as const)('returns to the form on %s %s', async (status, detail) => {
    const { actor, deleted } = start(async () => {
      throw new ApiError(status, detail);
    });
    actor.send({ type: 'password.input', value: 'typed' });
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await vi.advanceTimersByTimeAsync(30);
    expect(selectDeleteError(actor.getSnapshot())?.detail).toBe(detail);
    expect(deleted).not.toHaveBeenCalled();
    // Typing again clears the failure.
    actor.send({ type: 'password.input', value: 'typed again' });
    expect(selectDeleteError(actor.getSnapshot())).toBeUndefined();
  });
});
