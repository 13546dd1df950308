// The login form's flow on fake timers: the submit guard, success (session, toast for 2 s, home
// after the 500 ms redirect delay), failures by code, unknown codes raw, network errors.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { CurrentUser } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { testUser } from '../../testing/users';
import { LOGIN_SUCCESS_TOAST_MS, loginFormMachine } from './login-form.machine';

const USER = testUser({ username: 'jana-novakova', language: 'cs' });

function start(login: (input: { identifier: string; password: string }) => Promise<CurrentUser>) {
  const calls = { login: vi.fn(login), notify: vi.fn(), signedIn: vi.fn(), navigate: vi.fn() };
  const actor = createActor(
    loginFormMachine.provide({
      actors: { login: fromPromise(({ input }) => calls.login(input)) },
      actions: {
        notify: (_, toast) => calls.notify(toast),
        signedIn: (_, { user }) => calls.signedIn(user),
        navigate: (_, { to }) => calls.navigate(to),
      },
    }),
  ).start();
  const fill = (email: string, password: string) => {
    actor.send({ type: 'field.change', field: 'email', value: email });
    actor.send({ type: 'field.change', field: 'password', value: password });
  };
  return { actor, calls, fill };
}

fakeTimersInEachTest();

describe('loginFormMachine', () => {
  it('cannot be submitted until both fields are filled', () => {
    const { actor, calls, fill } = start(async () => USER);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    fill('jana@example.com', '');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    fill('   ', 'secret');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    fill('jana@example.com', 'secret');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    expect(calls.login).not.toHaveBeenCalled();
  });

  it('logs in, updates the session, toasts for 2 s and goes home after 500 ms', async () => {
    const { actor, calls, fill } = start(async () => USER);
    fill(' jana@example.com ', 'correct horse battery');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await vi.advanceTimersByTimeAsync(0);

    expect(calls.login).toHaveBeenCalledWith({ identifier: 'jana@example.com', password: 'correct horse battery' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.signedIn).toHaveBeenCalledWith(USER);
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'success',
      title: { id: 'auth.login.successTitle' },
      description: { id: 'auth.login.successText' },
      duration: LOGIN_SUCCESS_TOAST_MS,
    });
    expect(LOGIN_SUCCESS_TOAST_MS).toBe(2000);

    await vi.advanceTimersByTimeAsync(499);
    expect(calls.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.navigate).toHaveBeenCalledWith('/');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['invalid_credentials', 401, { id: 'auth.error.invalid_credentials' }],
    ['account_locked', 423, { id: 'auth.error.account_locked' }],
    ['rate_limited', 429, { id: 'auth.error.rate_limited' }],
    ['email_not_verified', 403, { id: 'auth.error.email_not_verified' }],
    ['something_new', 400, { raw: 'something_new' }],
  ])('reports %s with its message and stays on the form', async (code, status, description) => {
    const { actor, calls, fill } = start(async () => {
      throw new ApiError(status, code as never);
    });
    fill('jana@example.com', 'wrong');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toEqual(description);
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.login.failedTitle' },
      description,
    });
    expect(calls.signedIn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.navigate).not.toHaveBeenCalled();
  });

  it('shows a network error as its message and can be tried again', async () => {
    let attempt = 0;
    const { actor, calls, fill } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return USER;
    });
    fill('jana@example.com', 'correct horse battery');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.notify).toHaveBeenLastCalledWith({
      variant: 'error',
      title: { id: 'auth.login.failedTitle' },
      description: { raw: 'Failed to fetch' },
    });

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.login).toHaveBeenCalledTimes(2);
  });
});
