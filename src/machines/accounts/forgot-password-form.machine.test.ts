// The forgotten-password form: the guard, the request (email trimmed), success stays on the
// card, failures kept as the ApiError and sent again.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { startAuthForm } from '../../testing/auth-form-kit';
import { forgotPasswordFormMachine } from './forgot-password-form.machine';

fakeTimersInEachTest();

describe('forgotPasswordFormMachine', () => {
  it('needs an email address', () => {
    const { actor, calls, set } = startAuthForm(forgotPasswordFormMachine, async () => ({ status: 'ok' as const }));
    actor.send({ type: 'form.submit' });
    set('email', '   ');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.send).not.toHaveBeenCalled();
  });

  it('asks for a link and stays on the card', async () => {
    const { actor, calls, set } = startAuthForm(forgotPasswordFormMachine, async () => ({ status: 'ok' as const }));
    set('email', ' jana@example.com ');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.send).toHaveBeenCalledWith({ email: 'jana@example.com' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.navigate).not.toHaveBeenCalled();
  });

  it.each([
    [new ApiError(429, 'rate_limited'), 'rate_limited'],
    [new ApiError(500, 'internal_error'), 'internal_error'],
    [new TypeError('Failed to fetch'), 'network_error'],
  ])('reports %s and can be sent again', async (error, detail) => {
    let fail = true;
    const { actor, set } = startAuthForm(forgotPasswordFormMachine, async () => {
      if (fail) throw error;
      return { status: 'ok' as const };
    });
    set('email', 'jana@example.com');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error?.detail).toBe(detail);

    fail = false;
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
  });
});
