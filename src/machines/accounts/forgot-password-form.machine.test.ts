// The forgotten-password form: the guard, the success card's address and toast, failures.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { forgotPasswordFormMachine } from './forgot-password-form.machine';

function start(requestReset: (input: { email: string }) => Promise<{ status: 'ok' }>) {
  const calls = { requestReset: vi.fn(requestReset), notify: vi.fn() };
  const actor = createActor(
    forgotPasswordFormMachine.provide({
      actors: { requestReset: fromPromise(({ input }) => calls.requestReset(input)) },
      actions: { notify: (_, toast) => calls.notify(toast) },
    }),
  ).start();
  return { actor, calls };
}

fakeTimersInEachTest();

describe('forgotPasswordFormMachine', () => {
  it('needs an email address', () => {
    const { actor, calls } = start(async () => ({ status: 'ok' }));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'field.change', field: 'email', value: '   ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.requestReset).not.toHaveBeenCalled();
  });

  it('asks for a link and shows where it went', async () => {
    const { actor, calls } = start(async () => ({ status: 'ok' }));
    actor.send({ type: 'field.change', field: 'email', value: ' jana@example.com ' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.requestReset).toHaveBeenCalledWith({ email: 'jana@example.com' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.sentTo).toBe('jana@example.com');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'success',
      title: { id: 'auth.forgot.successTitle' },
      description: { id: 'auth.forgot.successText' },
    });
  });

  it.each([
    [new ApiError(429, 'rate_limited'), { id: 'auth.error.rate_limited' }],
    [new ApiError(500, 'internal_error'), { raw: 'internal_error' }],
    [new TypeError('Failed to fetch'), { raw: 'Failed to fetch' }],
  ])('reports %s and can be sent again', async (error, description) => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw error;
      return { status: 'ok' };
    });
    actor.send({ type: 'field.change', field: 'email', value: 'jana@example.com' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failure');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.forgot.failedTitle' },
      description,
    });

    fail = false;
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
  });
});
