// The login form on fake timers: the submit guard, the request (email trimmed), success (the user
// emitted, home after the 500 ms delay), failures by code kept as the ApiError.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { CurrentUser } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { testUser } from '../../testing/users';
import { startAuthForm } from '../../testing/auth-form-kit';
import { loginFormMachine } from './login-form.machine';

const USER = testUser({ username: 'jana-novakova', language: 'cs' });

function start(login: (request: unknown) => Promise<CurrentUser>) {
  const form = startAuthForm(loginFormMachine, login);
  const fill = (email: string, password: string) => {
    form.set('email', email);
    form.set('password', password);
  };
  return { ...form, fill };
}

fakeTimersInEachTest();

describe('loginFormMachine', () => {
  it('cannot be submitted until both fields are filled', () => {
    const { actor, calls, fill, can } = start(async () => USER);
    expect(can()).toBe(false);
    fill('jana@example.com', '');
    expect(can()).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    fill('   ', 'secret');
    expect(can()).toBe(false);
    fill('jana@example.com', 'secret');
    expect(can()).toBe(true);
    expect(calls.send).not.toHaveBeenCalled();
  });

  it('logs in, emits the user and goes home after 500 ms', async () => {
    const { actor, calls, emitted, fill, can } = start(async () => USER);
    fill(' jana@example.com ', 'correct horse battery');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(can()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);

    expect(calls.send).toHaveBeenCalledWith({ identifier: 'jana@example.com', password: 'correct horse battery' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(emitted).toEqual([{ type: 'form.succeeded', output: USER }]);

    await vi.advanceTimersByTimeAsync(499);
    expect(calls.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.navigate).toHaveBeenCalledWith('/');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['invalid_credentials', 401],
    ['account_locked', 423],
    ['rate_limited', 429],
    ['email_not_verified', 403],
  ] as const)('keeps %s and stays on the form', async (code, status) => {
    const { actor, calls, emitted, fill } = start(async () => {
      throw new ApiError(status, code);
    });
    fill('jana@example.com', 'wrong');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toMatchObject({ status, detail: code });
    expect(emitted).toEqual([{ type: 'form.failed', error: actor.getSnapshot().context.error }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.navigate).not.toHaveBeenCalled();
  });

  it('keeps a network error with its message and can be tried again', async () => {
    let attempt = 0;
    const { actor, calls, fill } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return USER;
    });
    fill('jana@example.com', 'correct horse battery');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toMatchObject({ detail: 'network_error', message: 'Failed to fetch' });

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.send).toHaveBeenCalledTimes(2);
  });
});
