// The password recovery screens against a mocked API (msw): asking for a link (card with the
// one-hour expiry, failure toast), and setting a new password with the link's token (success
// view then the login page; an expired token toasted).
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toastTexts } from '../../../components/toast/testing';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { ForgotPasswordScreen } from './forgot-password.screen';
import { ResetPasswordScreen } from './reset-password.screen';
import { renderScreen } from '../../../testing/render-screen';

const bodies: unknown[] = [];
const answer = (path: string, reply: () => Response) =>
  http.post(`*/v1/auth/${path}`, async ({ request }) => {
    bodies.push(await request.json());
    return reply();
  });
setUpComponentTests();
const server = mockApi(
  http.get('*/v1/auth/me', () => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })),
  answer('forgot-password', () => HttpResponse.json({ status: 'ok' })),
  answer('reset-password', () => HttpResponse.json({ status: 'ok' })),
);

afterEach(() => {
  bodies.length = 0;
});

describe('ForgotPasswordScreen', () => {
  it('sends the link and says it expires in 1 hour', async () => {
    renderScreen(<ForgotPasswordScreen />, { path: '/auth/forgot', session: true, toasts: true });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'jana@example.com{Enter}');
    const card = await screen.findByTestId('forgot-success');
    expect(card.textContent).toContain('we have sent a password reset link to jana@example.com');
    expect(card.querySelector('.auth-email')?.textContent).toBe('jana@example.com');
    expect(card.textContent).toContain('The link expires in 1 hour.');
    expect(bodies).toEqual([{ email: 'jana@example.com' }]);
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Email Sent!If an account exists for this address, a reset link is on its way.']),
    );
  });

  it('toasts a failure', async () => {
    server.use(answer('forgot-password', () => HttpResponse.json({ detail: 'rate_limited' }, { status: 429 })));
    renderScreen(<ForgotPasswordScreen />, { path: '/auth/forgot', session: true, toasts: true });
    await userEvent.setup().type(screen.getByLabelText('Email'), 'jana@example.com{Enter}');
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Failed to send reset emailToo many attempts, please try again later']),
    );
    expect(screen.queryByTestId('forgot-success')).toBeNull();
  });
});

describe('ResetPasswordScreen', () => {
  it('takes the token from the link, resets, shows the success view and then the login page', async () => {
    const { location } = renderScreen(<ResetPasswordScreen />, {
      path: '/auth/reset?token=abc123',
      session: true,
      toasts: true,
    });
    expect((screen.getByLabelText('Reset code') as HTMLInputElement).value).toBe('abc123');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    await userEvent.setup().type(screen.getByLabelText('New password'), 'a long and unique passphrase{Enter}');
    expect(await screen.findByTestId('reset-success')).toBeTruthy();
    expect(bodies).toEqual([{ token: 'abc123', new_password: 'a long and unique passphrase' }]);
    await waitFor(() => expect(toastTexts()[0]).toContain('Password Reset!'));
    expect(location.history.at(-1)).toBe('/auth/reset?token=abc123');
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth/login'), { timeout: 3500 });
  });

  it('toasts an invalid or expired link', async () => {
    server.use(
      answer('reset-password', () => HttpResponse.json({ detail: 'invalid_or_expired_token' }, { status: 400 })),
    );
    renderScreen(<ResetPasswordScreen />, { path: '/auth/reset?token=old', session: true, toasts: true });
    await userEvent.setup().type(screen.getByLabelText('New password'), 'a long and unique passphrase{Enter}');
    await waitFor(() => expect(toastTexts()).toEqual(['Password Reset FailedInvalid or expired reset link']));
    expect(screen.getByRole('link', { name: 'Need a new link? Request one' }).getAttribute('href')).toBe(
      '/auth/forgot',
    );
  });
});
