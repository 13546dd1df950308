// The login screen against a mocked API (msw): the button waits for both fields, failures toast
// 'Login Failed' with the code's message, success logs in (header user, toast) and goes home,
// the CSRF header travels, the verification link's outcome shows as a callout, and an unverified
// address gets the link again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { toastTexts } from '../../../components/toast/testing';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { JANA as USER } from '../../../testing/users';
import { LoginScreen } from './login.screen';
import { renderScreen } from '../../../testing/render-screen';

const logins: { body: unknown; csrf: string | null }[] = [];
const loginAnswers = (answer: () => Response) =>
  http.post('*/v1/auth/login', async ({ request }) => {
    logins.push({ body: await request.json(), csrf: request.headers.get('X-CSRF-Token') });
    return answer();
  });
setUpComponentTests();
const server = mockApi(
  http.get('*/v1/auth/me', () => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })),
  loginAnswers(() => HttpResponse.json({ user: USER })),
);

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'csrf_token=token-from-cookie; path=/';
});
afterEach(() => {
  logins.length = 0;
});

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('LoginScreen', () => {
  it('has labelled fields with autocomplete, links, a title, and a button disabled until both are filled', async () => {
    renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(document.title).toBe('Log in · Lexhub');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/auth/register');

    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toHaveProperty('disabled', true);
    const user = await fill('jana@example.com', '');
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(button).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Email'));
    expect(button).toHaveProperty('disabled', true);
  });

  it.each([
    ['invalid_credentials', 401, 'Invalid email or password'],
    [
      'account_locked',
      423,
      'Too many wrong passwords from this network or browser: signing in to this account from here is blocked for 15 minutes.',
    ],
    ['rate_limited', 429, 'Too many sign-in attempts for this account. Wait a moment before you try again.'],
    // A code this build does not know is shown as the server said it.
    ['brand_new_code', 400, 'API 400: brand_new_code'],
  ])('toasts "Login Failed" for %s', async (code, status, message) => {
    server.use(loginAnswers(() => HttpResponse.json({ detail: code }, { status })));
    const { store } = renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    const user = await fill('jana@example.com', 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toastTexts()).toEqual([`Login Failed${message}`]));
    expect(store.get(currentUserAtom)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false);
  });

  it('explains a locked source: another browser or the mailed link still works, in Czech too', async () => {
    server.use(loginAnswers(() => HttpResponse.json({ detail: 'account_locked' }, { status: 423 })));
    const { store } = renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    const user = await fill('jana@example.com', 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('blocked for 15 minutes'));
    expect(screen.getByRole('alert').textContent).toContain(
      'You can still sign in from a browser you have signed in with before.',
    );
    expect(screen.getByRole('alert').textContent).toContain('we have emailed you a link to set a new password');
    store.set(localeAtom, 'cs');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('na 15 minut zablokováno'));
  });

  it.each([
    [42, 'en', 'You can try again in 42 seconds.'],
    [1, 'en', 'You can try again in 1 second.'],
    [240, 'en', 'You can try again in 4 minutes.'],
    [3, 'cs', 'Znovu to můžete zkusit za 3 sekundy.'],
    [300, 'cs', 'Znovu to můžete zkusit za 5 minut.'],
  ] as const)('says when to try again after a 429 (retry_after %i, %s)', async (seconds, locale, text) => {
    server.use(
      loginAnswers(() =>
        HttpResponse.json(
          { detail: 'rate_limited', retry_after: seconds },
          { status: 429, headers: { 'Retry-After': String(seconds) } },
        ),
      ),
    );
    const { store } = renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    const user = await fill('jana@example.com', 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You can try again in'));
    if (locale === 'cs') store.set(localeAtom, 'cs');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    // The form stays usable: the next try is the user's.
    expect(screen.getByRole('button', { name: locale === 'cs' ? 'Přihlásit se' : 'Login' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('explains an unverified address and sends the link again to the address typed', async () => {
    const resends: unknown[] = [];
    let resendAnswer = () => HttpResponse.json({ detail: 'rate_limited' }, { status: 429 });
    server.use(
      loginAnswers(() => HttpResponse.json({ detail: 'email_not_verified' }, { status: 403 })),
      http.post('*/v1/auth/resend-verification', async ({ request }) => {
        resends.push(await request.json());
        return resendAnswer();
      }),
    );
    renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    const user = await fill('jana@example.com', 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const notVerified = 'Your email address is not verified yet. Open the link in the email we sent you, then log in.';
    await waitFor(() => expect(toastTexts()).toEqual([`Login Failed${notVerified}`]));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(notVerified);

    // Too many requests: said beside the action, which stays.
    await user.click(within(alert).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Too many attempts, please try again later'),
    );

    resendAnswer = () => HttpResponse.json({ status: 'ok' });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'We sent a new link to jana@example.com.',
      ),
    );
    expect(resends).toEqual([{ email: 'jana@example.com' }, { email: 'jana@example.com' }]);
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('toasts a network failure with its message', async () => {
    server.use(http.post('*/v1/auth/login', () => HttpResponse.error()));
    renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    const user = await fill('jana@example.com', 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Login FailedError: Failed to fetch']));
  });

  it('logs in on Enter with the CSRF token, welcomes back, sets the user and goes home', async () => {
    const { store, location } = renderScreen(<LoginScreen />, { path: '/auth/login', session: true, toasts: true });
    await waitFor(() => expect(store.get(currentUserAtom)).toBeNull());
    await fill(' Jana@Example.com', 'correct horse battery staple{Enter}');
    await waitFor(() => expect(toastTexts()).toEqual(['Welcome back!Login successful']));
    expect(logins).toEqual([
      { body: { identifier: 'Jana@Example.com', password: 'correct horse battery staple' }, csrf: 'token-from-cookie' },
    ]);
    expect(store.get(currentUserAtom)).toEqual(USER);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('goes back to the page that asked for the login (`next`), never to another site', async () => {
    const back = renderScreen(<LoginScreen />, {
      path: '/auth/login?next=%2Feditor%2Fabc%3Fstart%3D1',
      session: true,
      toasts: true,
    });
    await fill('jana@example.com', 'correct horse battery staple{Enter}');
    await waitFor(() => expect(back.location.history.at(-1)).toBe('/editor/abc?start=1'));
    back.unmount();

    const away = renderScreen(<LoginScreen />, {
      path: '/auth/login?next=%2F%2Fevil.example',
      session: true,
      toasts: true,
    });
    await fill('jana@example.com', 'correct horse battery staple{Enter}');
    await waitFor(() => expect(away.location.history.at(-1)).toBe('/'));
  });

  it('confirms a verified email address', () => {
    renderScreen(<LoginScreen />, { path: '/auth/login?verified=1', session: true, toasts: true });
    expect(screen.getByRole('status').textContent).toBe('Email verified. You can log in now.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports an invalid or expired verification link, in Czech too', async () => {
    const { store } = renderScreen(<LoginScreen />, {
      path: '/auth/login?verify_error=invalid_or_expired_token',
      session: true,
      toasts: true,
    });
    expect(screen.getByRole('alert').textContent).toBe('The verification link is invalid or has expired.');
    store.set(localeAtom, 'cs');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Ověřovací odkaz je neplatný nebo už vypršel.'),
    );
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
  });

  it('names a phone verified by another account meanwhile', () => {
    renderScreen(<LoginScreen />, {
      path: '/auth/login?verify_error=phone_already_exists',
      session: true,
      toasts: true,
    });
    expect(screen.getByRole('alert').textContent).toMatch(/another account has verified the same phone number/);
  });

  it('never shows the words of an unknown verify_error: a link cannot write on the page', () => {
    const planted = encodeURIComponent('Call +420 123 456 789 to unlock your account');
    renderScreen(<LoginScreen />, { path: `/auth/login?verify_error=${planted}`, session: true, toasts: true });
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toBe(
      'The email address could not be verified. Open the link from the email again, or ask for a new one by signing in.',
    );
    expect(alert).not.toContain('123 456');
  });
});
