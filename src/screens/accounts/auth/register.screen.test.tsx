// The register screen against a mocked API (msw): the button waits for email, password and
// phone (names optional); the request carries the phone as calling code + digits and the
// interface language; success shows the card and toast; failures toast 'Registration Failed'
// with the code's message.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { toastTexts } from '../../../components/toast/testing';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { RegisterScreen } from './register.screen';
import { renderScreen } from '../../../testing/render-screen';

const bodies: Record<string, unknown>[] = [];
const registerAnswers = (answer: () => Response) =>
  http.post('*/v1/auth/register', async ({ request }) => {
    bodies.push((await request.json()) as Record<string, unknown>);
    return answer();
  });
setUpComponentTests();
const server = mockApi(
  http.get('*/v1/auth/me', () => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })),
  registerAnswers(() => HttpResponse.json({ status: 'verification_sent', email: 'jana@example.com' }, { status: 201 })),
);

beforeEach(() => localStorage.clear());
afterEach(() => {
  bodies.length = 0;
});

async function fillForm(values: { email?: string; password?: string; first?: string; last?: string; phone?: string }) {
  const user = userEvent.setup();
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.first) await user.type(screen.getByLabelText('First name'), values.first);
  if (values.last) await user.type(screen.getByLabelText('Last name'), values.last);
  if (values.phone) await user.type(screen.getByLabelText('Phone number'), values.phone);
  return user;
}

const COMPLETE = {
  email: 'jana@example.com',
  password: 'a long and unique passphrase',
  first: 'Jana',
  last: 'Nováková',
  phone: '777 123 456',
};

describe('RegisterScreen', () => {
  it('labels every field, hints the password rule, and offers the country codes with CZ first', async () => {
    renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    expect(document.title).toBe('Create an account · Lexhub');
    const autocomplete = (label: string) => screen.getByLabelText(label).getAttribute('autocomplete');
    expect(['Email', 'Password', 'First name', 'Last name', 'Phone number'].map(autocomplete)).toEqual([
      'email',
      'new-password',
      'given-name',
      'family-name',
      'tel-national',
    ]);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Minimum 12 characters, must be strong and unique').id).toBe(
      screen.getByLabelText('Password').getAttribute('aria-describedby'),
    );

    const country = screen.getByRole('combobox', { name: 'Country code' });
    expect(country.textContent).toBe('CZ +420');
    await userEvent.setup().click(country);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'CZ +420',
      'SK +421',
      'AT +43',
      'DE +49',
      'PL +48',
      'US/CA +1',
      'UK +44',
    ]);
  });

  it('keeps the button disabled until email, password and phone are filled', async () => {
    renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    const button = screen.getByRole('button', { name: 'Register' });
    const user = await fillForm({
      email: COMPLETE.email,
      password: COMPLETE.password,
      first: 'Jana',
      last: 'Nováková',
    });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Phone number'), '7');
    expect(button).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Password'));
    expect(button).toHaveProperty('disabled', true);
  });

  it('registers with the chosen country code and the interface language, then shows the check-inbox card', async () => {
    const { store } = renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    store.set(localeAtom, 'cs');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), COMPLETE.email);
    await user.type(screen.getByLabelText('Heslo'), COMPLETE.password);
    await user.type(screen.getByLabelText('Jméno'), COMPLETE.first);
    await user.type(screen.getByLabelText('Příjmení'), COMPLETE.last);
    await user.type(screen.getByLabelText('Telefonní číslo'), COMPLETE.phone);
    await user.click(screen.getByRole('combobox', { name: 'Předvolba' }));
    await user.click(await screen.findByRole('option', { name: 'SK +421' }));
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat se' }));

    const card = await screen.findByTestId('register-success');
    expect(bodies).toEqual([
      {
        email: 'jana@example.com',
        password: 'a long and unique passphrase',
        first_name: 'Jana',
        last_name: 'Nováková',
        phone: '+421777123456',
        language: 'cs',
      },
    ]);
    expect(within(card).getByText('jana@example.com')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Podívejte se do doručené pošty (i do spamu).',
      'Klikněte na ověřovací odkaz v e-mailu.',
      'Přihlaste se svým e-mailem a heslem.',
    ]);
    expect(within(card).getByRole('link', { name: 'Přejít na přihlášení' }).getAttribute('href')).toBe('/auth/login');
    expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Zkontrolujte e-mail' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Registrace proběhla úspěšně!Zkontrolujte prosím e-mail a ověřte svůj účet.']),
    );
  });

  it('shows the English success toast and card', async () => {
    renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    const user = await fillForm(COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const card = await screen.findByTestId('register-success');
    expect(within(card).getByRole('link', { name: 'Go to Login' })).toBeTruthy();
    expect(bodies[0]).toMatchObject({ phone: '+420777123456', language: 'en' });
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Registration Successful!Please check your email to verify your account.']),
    );
  });

  it.each([
    ['SK +421', '0901 234 567', '+421901234567'],
    ['DE +49', '(0151) 2345-6789', '+4915123456789'],
  ])('registers without names, with %s and %s as one number', async (country, typed, phone) => {
    renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    const user = await fillForm({ email: COMPLETE.email, password: COMPLETE.password, phone: typed });
    await user.click(screen.getByRole('combobox', { name: 'Country code' }));
    await user.click(await screen.findByRole('option', { name: country }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('register-success');
    expect(bodies).toEqual([
      {
        email: 'jana@example.com',
        password: 'a long and unique passphrase',
        first_name: '',
        last_name: '',
        phone,
        language: 'en',
      },
    ]);
  });

  it.each([
    ['email_already_exists', 409, 'An account with this email already exists'],
    ['password_too_weak', 400, 'This password is too weak. Use at least 12 characters that are hard to guess.'],
    ['phone_invalid', 400, 'This phone number is not valid for the chosen country code'],
  ])('toasts "Registration Failed" for %s and keeps the form', async (code, status, message) => {
    server.use(registerAnswers(() => HttpResponse.json({ detail: code }, { status })));
    renderScreen(<RegisterScreen />, { path: '/auth/register', session: true, toasts: true });
    const user = await fillForm(COMPLETE);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toastTexts()).toEqual([`Registration Failed${message}`]));
    expect(screen.queryByTestId('register-success')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(COMPLETE.email);
  });
});
