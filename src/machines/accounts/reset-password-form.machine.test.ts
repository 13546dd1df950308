// The new-password form on fake timers: the token from the link, the guard, success (toast, then
// the login page after the 2 s redirect delay) and an invalid or expired token.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { resetPasswordFormMachine } from './reset-password-form.machine';

function start(reset: (input: { token: string; password: string }) => Promise<{ status: 'ok' }>, token?: string) {
  const calls = { reset: vi.fn(reset), notify: vi.fn(), navigate: vi.fn() };
  const actor = createActor(
    resetPasswordFormMachine.provide({
      actors: { resetPassword: fromPromise(({ input }) => calls.reset(input)) },
      actions: { notify: (_, toast) => calls.notify(toast), navigate: (_, { to }) => calls.navigate(to) },
    }),
    { input: { token } },
  ).start();
  return { actor, calls };
}

fakeTimersInEachTest();

describe('resetPasswordFormMachine', () => {
  it('starts with the token of the link and needs both token and password', () => {
    const { actor } = start(async () => ({ status: 'ok' }), 'tok-123');
    expect(actor.getSnapshot().context.token).toBe('tok-123');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', field: 'password', value: 'a long and unique passphrase' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    actor.send({ type: 'field.change', field: 'token', value: ' ' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
  });

  it('resets, toasts, and opens the login page after 2 s', async () => {
    const { actor, calls } = start(async () => ({ status: 'ok' }), 'tok-123');
    actor.send({ type: 'field.change', field: 'password', value: 'a long and unique passphrase' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reset).toHaveBeenCalledWith({ token: 'tok-123', password: 'a long and unique passphrase' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'success',
      title: { id: 'auth.reset.successTitle' },
      description: { id: 'auth.reset.successText' },
    });

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.navigate).toHaveBeenCalledWith('/auth/login');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('says so when the link is invalid or expired, and never redirects', async () => {
    const { actor, calls } = start(async () => {
      throw new ApiError(400, 'invalid_or_expired_token');
    }, 'old');
    actor.send({ type: 'field.change', field: 'password', value: 'a long and unique passphrase' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failure');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.reset.failedTitle' },
      description: { id: 'auth.error.invalid_or_expired_token' },
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.navigate).not.toHaveBeenCalled();
  });

  it('shows a network error as its message', async () => {
    const { actor, calls } = start(async () => {
      throw new TypeError('Failed to fetch');
    }, 'tok');
    actor.send({ type: 'field.change', field: 'password', value: 'x' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.reset.failedTitle' },
      description: { raw: 'Failed to fetch' },
    });
  });
});
