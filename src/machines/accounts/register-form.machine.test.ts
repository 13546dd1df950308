// The register form's flow on fake timers: the guard (email, password, phone), the request with
// the country code and interface language, the success card's address and toast, failures by code.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { AUTH_ERROR_CODES, type RegisterRequest } from '../../api/contract';
import { AUTH_ERROR_MESSAGE_IDS } from '../../api/auth-error-messages';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { REGISTER_SUCCESS_TOAST_MS, registerFormMachine, type RegisterField } from './register-form.machine';

function start(register: (input: RegisterRequest) => Promise<{ status: 'verification_sent'; email: string }>) {
  const calls = { register: vi.fn(register), notify: vi.fn() };
  const actor = createActor(
    registerFormMachine.provide({
      actors: { register: fromPromise(({ input }) => calls.register(input)) },
      actions: { notify: (_, toast) => calls.notify(toast) },
    }),
  ).start();
  const set = (field: RegisterField, value: string) => actor.send({ type: 'field.change', field, value });
  return { actor, calls, set };
}

const sent = async (input: RegisterRequest) => ({
  status: 'verification_sent' as const,
  email: String(input.email).toLowerCase(),
});

fakeTimersInEachTest();

describe('registerFormMachine', () => {
  it('needs email, password and phone before it can be sent (names are up to the form)', () => {
    const { actor, set } = start(sent);
    const can = () => actor.getSnapshot().can({ type: 'form.submit' });
    set('email', 'jana@example.com');
    set('password', 'a long and unique passphrase');
    expect(can()).toBe(false);
    set('phone', '  ');
    expect(can()).toBe(false);
    set('phone', '777 123 456');
    expect(can()).toBe(true);
    set('password', '');
    expect(can()).toBe(false);
  });

  it('sends the fields with the country code and language, then shows the address and a 5 s toast', async () => {
    const { actor, calls, set } = start(sent);
    set('email', ' Jana@Example.com ');
    set('password', 'a long and unique passphrase');
    set('firstName', ' Jana ');
    set('lastName', 'Nováková');
    set('phone', '0777 123 456');
    expect(actor.getSnapshot().context.phoneCountry).toBe('CZ');
    actor.send({ type: 'country.change', country: 'SK' });
    actor.send({ type: 'form.submit', language: 'cs' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.advanceTimersByTimeAsync(0);

    expect(calls.register).toHaveBeenCalledWith({
      email: 'Jana@Example.com',
      password: 'a long and unique passphrase',
      first_name: 'Jana',
      last_name: 'Nováková',
      phone: '0777 123 456',
      phone_country: 'SK',
      language: 'cs',
    });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.registeredEmail).toBe('jana@example.com');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'success',
      title: { id: 'auth.register.successTitle' },
      description: { id: 'auth.register.successText' },
      duration: 5000,
    });
    expect(REGISTER_SUCCESS_TOAST_MS).toBe(5000);
  });

  it.each([
    'email_already_exists',
    'phone_already_exists',
    'phone_invalid',
    'phone_invalid_format',
    'password_too_weak',
    'password_too_common',
    'rate_limited',
    'validation_failed',
  ])('reports %s with its catalogue message and lets the user fix the form', async (code) => {
    const { actor, calls, set } = start(async () => {
      throw new ApiError(409, code as never);
    });
    set('email', 'jana@example.com');
    set('password', 'password');
    set('phone', '1');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);

    const description = { id: `auth.error.${code}` };
    expect(actor.getSnapshot().value).toBe('failure');
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.register.failedTitle' },
      description,
    });
    set('password', 'a long and unique passphrase');
    expect(actor.getSnapshot().context.password).toBe('a long and unique passphrase');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('has a catalogue message for every auth error code', () => {
    for (const code of AUTH_ERROR_CODES) expect(AUTH_ERROR_MESSAGE_IDS[code]).toBe(`auth.error.${code}`);
  });

  it('shows a network error as its message', async () => {
    const { actor, calls, set } = start(async () => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    });
    set('email', 'jana@example.com');
    set('password', 'a long and unique passphrase');
    set('phone', '777123456');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.notify).toHaveBeenCalledWith({
      variant: 'error',
      title: { id: 'auth.register.failedTitle' },
      description: { raw: 'NetworkError when attempting to fetch resource.' },
    });
    expect(actor.getSnapshot().value).toBe('failure');
  });
});
