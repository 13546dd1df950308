// The 'Select Language' dialog: filtering, switching the interface language, <html lang> and
// Accept-Language, closing on the current language, and the fallback list.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { call } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { LanguagePicker } from './language-picker';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';

const LANGUAGES = [
  { code: 'en', name: 'English', native_name: 'English' },
  { code: 'cs', name: 'Czech', native_name: 'Čeština' },
];
const heard: { acceptLanguage: string | null }[] = [];
setUpComponentTests();
const server = mockApi(
  http.get('*/v1/languages', ({ request }) => {
    heard.push({ acceptLanguage: request.headers.get('Accept-Language') });
    return HttpResponse.json({ items: LANGUAGES });
  }),
);

beforeEach(() => localStorage.clear());

async function openDialog() {
  const user = userEvent.setup();
  const rendered = renderScreen(<LanguagePicker />);
  await user.click(screen.getByRole('button', { name: /^Language: English/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Language' });
  return { user, dialog, ...rendered };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button')
    .filter((button) => button.classList.contains('language-option'))
    .map((button) => button.textContent);

describe('LanguagePicker', () => {
  it('lists each language with native name, English name and code', async () => {
    const { dialog } = await openDialog();
    expect(optionNames(dialog)).toEqual(['EnglishEnglishen', 'ČeštinaCzechcs']);
    expect(within(dialog).getByRole('button', { name: /English/ })).toHaveProperty('ariaCurrent', 'true');
  });

  it.each(['češ', 'cz', 'Czech'])('filters by %s', async (query) => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search languages' }), query);
    expect(optionNames(dialog)).toEqual(['ČeštinaCzechcs']);
  });

  it('says so when nothing matches', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('searchbox'), 'klingon');
    expect(optionNames(dialog)).toEqual([]);
    expect(within(dialog).getByText('No language matches “klingon”.')).toBeTruthy();
  });

  it('switches the language at once, sets <html lang> and Accept-Language, and closes', async () => {
    const { user, dialog, store } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Čeština/ }));

    expect(store.get(localeAtom)).toBe('cs');
    expect(localStorage.getItem('lexhub.locale')).toBe('cs');
    await waitFor(() => expect(document.documentElement.lang).toBe('cs'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Jazyk: čeština/ })).toBeTruthy();

    await call(routes.listInterfaceLanguages, {});
    expect(heard.at(-1)?.acceptLanguage).toBe('cs');
  });

  it('only closes when the current language is chosen', async () => {
    const { user, dialog, store } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /^English/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(localeAtom)).toBe('en');
    expect(localStorage.getItem('lexhub.locale')).toBeNull();
  });

  it('works from the keyboard: arrows move through the list, Enter chooses, Escape closes', async () => {
    const { user, store } = await openDialog();
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('English');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Čeština');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Language/ }));

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('cz{Enter}');
    expect(store.get(localeAtom)).toBe('cs');
  });

  it('offers the built-in languages when the list cannot be loaded', async () => {
    server.use(http.get('*/v1/languages', () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 })));
    const { dialog } = await openDialog();
    await waitFor(() => expect(optionNames(dialog)).toEqual(['EnglishEnglishen', 'ČeštinaCzechcs']));
  });
});
