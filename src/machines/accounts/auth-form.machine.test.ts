// The skeleton of the four auth forms on fake timers: the submit guard, one call with the built
// request, success emitted (and left after the named delay) or failure kept as one ApiError, and
// the fields editable only before sending and after a failure.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { authFormMachine } from './auth-form.machine';
import { startAuthForm } from '../../testing/auth-form-kit';

const config = {
  id: 'test',
  fields: { name: '', note: 'start' },
  canSubmit: ({ name }: { name: string }) => name.trim() !== '',
  request: ({ name, note }: { name: string; note: string }, language?: string) => ({
    name: name.trim(),
    note,
    language,
  }),
};
const staying = authFormMachine({ ...config, send: async () => ({ ok: true }) });
const leaving = authFormMachine({ ...config, send: async () => ({ ok: true }), leave: { to: '/next', after: 300 } });

fakeTimersInEachTest();

describe('authFormMachine', () => {
  it('starts from the config and the input, and is sent only when the config says so', () => {
    const { actor, calls, set, can } = startAuthForm(staying, async () => ({ ok: true }), { note: 'from the link' });
    expect(actor.getSnapshot().context.fields).toEqual({ name: '', note: 'from the link' });
    expect(can()).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    set('name', '  ');
    expect(can()).toBe(false);
    set('name', 'Jana');
    expect(can()).toBe(true);
    expect(calls.send).not.toHaveBeenCalled();
  });

  it('sends the built request with the language, emits the answer and stays on success', async () => {
    const { actor, calls, emitted, set, can } = startAuthForm(staying, async () => ({ ok: true }));
    set('name', ' Jana ');
    actor.send({ type: 'form.submit', language: 'cs' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(can()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.send).toHaveBeenCalledWith({ name: 'Jana', note: 'start', language: 'cs' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.output).toEqual({ ok: true });
    expect(emitted).toEqual([{ type: 'form.succeeded', output: { ok: true } }]);
  });

  it('leaves for its address after the named delay', async () => {
    const { actor, calls, set } = startAuthForm(leaving, async () => ({ ok: true }));
    set('name', 'Jana');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    await vi.advanceTimersByTimeAsync(299);
    expect(calls.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.navigate).toHaveBeenCalledWith('/next');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['a server code', new ApiError(409, 'email_already_exists'), { status: 409, detail: 'email_already_exists' }],
    ['a network failure', new TypeError('Failed to fetch'), { detail: 'network_error', message: 'Failed to fetch' }],
  ])('keeps %s as an ApiError, emits it, and can be sent again', async (_name, thrown, expected) => {
    let fail = true;
    const { actor, calls, emitted, set } = startAuthForm(leaving, async () => {
      if (fail) throw thrown;
      return { ok: true };
    });
    set('name', 'Jana');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    const error = actor.getSnapshot().context.error;
    expect(actor.getSnapshot().value).toBe('failure');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(expected);
    expect(emitted).toEqual([{ type: 'form.failed', error }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.navigate).not.toHaveBeenCalled();

    set('name', 'Jana Nováková');
    fail = false;
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.send).toHaveBeenCalledTimes(2);
    expect(calls.send).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Jana Nováková' }));
  });

  it('keeps the fields as sent while the call runs and after success', async () => {
    const { actor, calls, set } = startAuthForm(staying, async () => ({ ok: true }));
    set('name', 'Jana');
    actor.send({ type: 'form.submit' });
    set('name', 'Petr');
    expect(actor.getSnapshot().context.fields.name).toBe('Jana');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.send).toHaveBeenCalledWith(expect.objectContaining({ name: 'Jana' }));
    set('name', 'Petr');
    expect(actor.getSnapshot().context.fields.name).toBe('Jana');
  });
});
