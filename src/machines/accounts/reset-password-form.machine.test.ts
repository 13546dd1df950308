// The new-password form on fake timers: the token from the link, the guard, success (the login
// page after the 2 s delay) and an invalid or expired token.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { startAuthForm } from '../../testing/auth-form-kit';
import { resetPasswordFormMachine } from './reset-password-form.machine';

const start = (reset: () => Promise<{ status: 'ok' }>, token: string) =>
  startAuthForm(resetPasswordFormMachine, reset, { token });

fakeTimersInEachTest();

describe('resetPasswordFormMachine', () => {
  it('starts with the token of the link and needs both token and password', () => {
    const { actor, set, can } = start(async () => ({ status: 'ok' }), 'tok-123');
    expect(actor.getSnapshot().context.fields.token).toBe('tok-123');
    expect(can()).toBe(false);
    set('password', 'a long and unique passphrase');
    expect(can()).toBe(true);
    set('token', ' ');
    expect(can()).toBe(false);
  });

  it('resets and opens the login page after 2 s', async () => {
    const { actor, calls, set } = start(async () => ({ status: 'ok' }), 'tok-123');
    set('password', 'a long and unique passphrase');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.send).toHaveBeenCalledWith({ token: 'tok-123', new_password: 'a long and unique passphrase' });
    expect(actor.getSnapshot().value).toBe('success');

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.navigate).toHaveBeenCalledWith('/auth/login');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps an invalid or expired link as its error, and never redirects', async () => {
    const { actor, calls, set } = start(async () => {
      throw new ApiError(400, 'invalid_or_expired_token');
    }, 'old');
    set('password', 'a long and unique passphrase');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 400, detail: 'invalid_or_expired_token' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.navigate).not.toHaveBeenCalled();
  });
});
