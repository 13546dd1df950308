// The register form: the guard (email, password, phone; names optional), the request with the
// phone as calling code + digits and the interface language, the confirmed address, failures.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { RegisterRequest, routes, type ErrorCode } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { startAuthForm } from '../../testing/auth-form-kit';
import { CALLING_CODES, fullPhone, registerFormMachine, selectRegisteredEmail } from './register-form.machine';

const sent = async (request: unknown) => ({
  status: 'verification_sent' as const,
  email: String((request as { email: string }).email).toLowerCase(),
});

/** Every failure the register route declares, with its status, and the one any body can get. */
const REGISTER_FAILURES: [number, ErrorCode][] = [
  ...Object.entries(routes.register.errors).flatMap(([status, codes]) =>
    codes.map((code): [number, ErrorCode] => [Number(status), code]),
  ),
  [400, 'validation_failed'],
];

fakeTimersInEachTest();

describe('registerFormMachine', () => {
  it('needs email, password and phone before it can be sent (names are optional)', () => {
    const { set, can } = startAuthForm(registerFormMachine, sent);
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

  it('offers each calling code once, +420 first', () => {
    expect(CALLING_CODES).toEqual(['+420', '+421', '+43', '+49', '+48', '+1', '+44']);
    expect(startAuthForm(registerFormMachine, sent).actor.getSnapshot().context.fields.callingCode).toBe('+420');
  });

  it.each([
    ['+420', '777 123 456', '+420777123456'],
    ['+421', '0901 234 567', '+421901234567'],
    ['+49', '0151-2345 6789', '+4915123456789'],
    ['+1', '(212) 555-0100', '+12125550100'],
  ])('builds the phone from %s and %s', (code, typed, phone) => {
    expect(fullPhone(code, typed)).toBe(phone);
  });

  it('sends the fields without names, with the calling code and the language, and keeps the address', async () => {
    const { actor, calls, set } = startAuthForm(registerFormMachine, sent);
    set('email', ' Jana@Example.com ');
    set('password', 'a long and unique passphrase');
    set('phone', '0901 234 567');
    set('callingCode', '+421');
    actor.send({ type: 'form.submit', language: 'cs' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.advanceTimersByTimeAsync(0);

    const body = {
      email: 'Jana@Example.com',
      password: 'a long and unique passphrase',
      first_name: '',
      last_name: '',
      phone: '+421901234567',
      language: 'cs',
    };
    expect(calls.send).toHaveBeenCalledWith(body);
    // The contract takes it as it is.
    expect(RegisterRequest.safeParse(body).success).toBe(true);
    expect(actor.getSnapshot().value).toBe('success');
    expect(selectRegisteredEmail(actor.getSnapshot())).toBe('jana@example.com');
  });

  it('trims the names it is given', async () => {
    const { actor, calls, set } = startAuthForm(registerFormMachine, sent);
    set('email', 'jana@example.com');
    set('password', 'a long and unique passphrase');
    set('firstName', ' Jana ');
    set('lastName', 'Nováková');
    set('phone', '777 123 456');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.send).toHaveBeenCalledWith(
      expect.objectContaining({ first_name: 'Jana', last_name: 'Nováková', phone: '+420777123456' }),
    );
  });

  it.each(REGISTER_FAILURES)('keeps %i %s and lets the user fix the form', async (status, code) => {
    const { actor, set, can } = startAuthForm(registerFormMachine, async () => {
      throw new ApiError(status, code);
    });
    set('email', 'jana@example.com');
    set('password', 'password');
    set('phone', '1');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error?.detail).toBe(code);
    expect(selectRegisteredEmail(actor.getSnapshot())).toBeUndefined();
    set('password', 'a long and unique passphrase');
    expect(actor.getSnapshot().context.fields.password).toBe('a long and unique passphrase');
    expect(can()).toBe(true);
  });
});
