// A screen that throws while rendering: its part shows the failure message (in the interface
// language) with "Try again" and a link home, the header keeps working, and a new address or
// "Try again" renders afresh; a failing quick search leaves the page as it is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Switch } from 'wouter';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApiWith } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';
import { AppShell } from './app-shell';

// The quick search as a stand-in that fails while rendering when asked to (a bad search.* command).
const quickSearch = vi.hoisted(() => ({ broken: false }));
vi.mock('../quick-search/quick-search-root', () => ({
  QuickSearchRoot: () => {
    if (quickSearch.broken) throw new Error('quick search failed');
    return null;
  },
}));

setUpComponentTests();
mockApiWith(
  { onUnhandledRequest: 'bypass' },
  http.get('*/v1/auth/me', () => HttpResponse.json({ user: null })),
);

let broken = true;
function Fragile() {
  if (broken) throw new Error('screen failed');
  return <p>The screen shows.</p>;
}

const renderShell = (store = createStore()) =>
  renderScreen(
    <AppShell>
      <Switch>
        <Route path="/fragile">
          <Fragile />
        </Route>
        <Route>
          <p>Another page.</p>
        </Route>
      </Switch>
    </AppShell>,
    { path: '/fragile', store },
  );

beforeEach(() => {
  broken = true;
  quickSearch.broken = false;
  // React reports every caught render error on the console; the test checks what the user sees.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary in the shell', () => {
  it('shows the failure in the main region while the header still navigates', async () => {
    renderShell();
    const user = userEvent.setup();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('alert').textContent).toContain('This part of the page failed to show.');
    expect(within(main).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('link', { name: 'Lexhub' }));
    expect(await within(main).findByText('Another page.')).toBeTruthy();
    expect(within(main).queryByRole('alert')).toBeNull();
  });

  it('renders the part again on Try again', async () => {
    renderShell();
    const user = userEvent.setup();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The screen shows.')).toBeTruthy();
  });

  it('speaks Czech in a Czech interface', () => {
    const store = createStore();
    store.set(localeAtom, 'cs');
    renderShell(store);
    expect(screen.getByRole('alert').textContent).toContain('Tuto část stránky se nepodařilo zobrazit.');
    expect(screen.getByRole('button', { name: 'Zkusit znovu' })).toBeTruthy();
  });

  it('keeps the page when the quick search fails', () => {
    broken = false;
    quickSearch.broken = true;
    renderShell();
    expect(within(screen.getByRole('main')).getByText('The screen shows.')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Lexhub' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
