// The language preference in the running app (msw): the account's language is applied at start
// only when this device has no stored choice; choosing a language while logged in saves it to
// the account, while anonymous it does not.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { hasStoredLocale } from '../../i18n/locale';
import { LanguagePicker } from '../shell/language-picker';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { testUser } from '../../testing/users';
import { SessionProvider } from './session-provider';
import { renderScreen } from '../../testing/render-screen';

const user = (language: 'en' | 'cs' | null) => testUser({ language });
const saved: unknown[] = [];
const meAnswers = (reply: () => Response) => http.get('*/v1/auth/me', reply);
setUpComponentTests();
const server = mockApi(
  meAnswers(() => HttpResponse.json({ user: user('cs') })),
  http.get('*/v1/languages', () =>
    HttpResponse.json({
      items: [
        { code: 'en', name: 'English', native_name: 'English' },
        { code: 'cs', name: 'Czech', native_name: 'Čeština' },
      ],
    }),
  ),
  http.post('*/v1/preferences/language', async ({ request }) => {
    const body = (await request.json()) as { language: string };
    saved.push(body);
    return HttpResponse.json(body);
  }),
);

beforeEach(() => localStorage.clear());
afterEach(() => {
  saved.length = 0;
});

const renderApp = () =>
  renderScreen(
    <SessionProvider>
      <LanguagePicker />
    </SessionProvider>,
  );

async function choose(native: string) {
  const ui = userEvent.setup();
  await ui.click(screen.getByRole('button', { name: /^(Language|Jazyk):/ }));
  const dialog = await screen.findByRole('dialog');
  await ui.click(within(dialog).getByRole('button', { name: new RegExp(native) }));
}

describe('language preference sync', () => {
  it('tells a stored local choice from none', () => {
    expect(hasStoredLocale(localStorage)).toBe(false);
    localStorage.setItem('lexhub.locale', 'cs');
    expect(hasStoredLocale(localStorage)).toBe(true);
    localStorage.setItem('lexhub.locale', 'klingon');
    expect(hasStoredLocale(localStorage)).toBe(false);
  });

  it("applies the account's language when there is no local choice, without storing it", async () => {
    const { store } = renderApp();
    await waitFor(() => expect(store.get(localeAtom)).toBe('cs'));
    expect(document.documentElement.lang).toBe('cs');
    expect(localStorage.getItem('lexhub.locale')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('keeps the local choice over the account language', async () => {
    localStorage.setItem('lexhub.locale', 'en');
    const { store } = renderApp();
    await waitFor(() => expect(store.get(currentUserAtom)).not.toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get(localeAtom)).toBe('en');
  });

  it('saves a language chosen while logged in', async () => {
    server.use(meAnswers(() => HttpResponse.json({ user: user(null) })));
    const { store } = renderApp();
    await waitFor(() => expect(store.get(currentUserAtom)).not.toBeUndefined());
    await choose('Čeština');
    await waitFor(() => expect(saved).toEqual([{ language: 'cs' }]));
    expect(localStorage.getItem('lexhub.locale')).toBe('cs');
  });

  it('saves nothing for a visitor', async () => {
    server.use(meAnswers(() => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })));
    const { store } = renderApp();
    await waitFor(() => expect(store.get(currentUserAtom)).toBeNull());
    await choose('Čeština');
    expect(store.get(localeAtom)).toBe('cs');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved).toEqual([]);
  });
});
