// The header's account corner: Login and Register for visitors; for a logged-in user the
// @handle menu (profile, settings, handle, teams, API keys, log out), wide and compact, from the
// keyboard; logging out clears the user and goes home.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { SessionProvider } from '../session/session-provider';
import { Toaster } from '../toast/toaster';
import { toastTexts } from '../toast/testing';
import { AccountLinks } from './account-links';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApi } from '../../testing/mock-api';
import { testUser } from '../../testing/users';
import { renderScreen } from '../../testing/render-screen';

const USER = testUser({ username: 'jana-novakova' });
let logouts = 0;
const loggedIn = http.get('*/v1/auth/me', () => HttpResponse.json({ user: USER }));
setUpComponentTests();
const server = mockApi(
  loggedIn,
  http.post('*/v1/auth/logout', () => {
    logouts += 1;
    return HttpResponse.json({ status: 'ok' });
  }),
);

afterEach(() => {
  logouts = 0;
});

const renderCorner = (compact: boolean, path = '/documents') =>
  renderScreen(
    <SessionProvider>
      <AccountLinks compact={compact} />
      <Toaster />
    </SessionProvider>,
    { path },
  );

const MENU = [
  ['Profile', '/u/jana-novakova'],
  ['Settings', '/settings/profile'],
  ['Handle', '/settings/handle'],
  ['Teams', '/teams'],
  ['API keys', '/settings/api-keys'],
];

describe('AccountLinks / AccountMenu', () => {
  it('shows Login and Register to a visitor', async () => {
    server.use(http.get('*/v1/auth/me', () => HttpResponse.json({ detail: 'not_authenticated' }, { status: 401 })));
    const { store } = renderCorner(false);
    await waitFor(() => expect(store.get(currentUserAtom)).toBeNull());
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('button', { name: /@/ })).toBeNull();
  });

  it('shows the handle with the account menu instead of Login and Register', async () => {
    const user = userEvent.setup();
    renderCorner(false);
    const trigger = await screen.findByRole('button', { name: 'Account: @jana-novakova' });
    expect(trigger.textContent).toContain('@jana-novakova');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([...MENU, ['Log out', null]]);
  });

  it('works from the keyboard in the compact header and logs out: user cleared, toast, home', async () => {
    const user = userEvent.setup();
    const { store, location } = renderCorner(true);
    const trigger = await screen.findByRole('button', { name: 'Account: @jana-novakova' });
    expect(trigger.textContent).toBe('');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    await user.keyboard('{End}{Enter}');

    await waitFor(() => expect(store.get(currentUserAtom)).toBeNull());
    expect(logouts).toBe(1);
    expect(location.history.at(-1)).toBe('/');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toEqual(['You have been logged out.']));
  });
});
