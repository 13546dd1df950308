// The shell: landmarks, skip link, the header's links, and an axe-core check
// (no serious or critical violations) in English and Czech.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { AppRoutes } from '../../routes';
import { AppShell } from './app-shell';
import { setUpComponentTests } from '../../testing/component-tests';
import { mockApiWith } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render-screen';

setUpComponentTests();
mockApiWith(
  { onUnhandledRequest: 'bypass' },
  http.get('*/v1/legal/documents', () => HttpResponse.json({ items: [] })),
  http.get('*/v1/legal/library/summary', () =>
    HttpResponse.json({ documents: 0, jurisdictions: [], recently_updated: 0, public_collections: 0 }),
  ),
);
beforeEach(() => localStorage.clear());

const renderShell = (path = '/', store = createStore()) =>
  renderScreen(
    <AppShell>
      <AppRoutes />
    </AppShell>,
    { path, store },
  );

async function seriousViolations(): Promise<string[]> {
  // jsdom cannot compute colours; contrast is checked in the browser screenshots.
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('AppShell', () => {
  it('has a banner, a labelled navigation, a main region and a footer', async () => {
    renderShell('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Lexhub' }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
    expect(within(banner).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    await screen.findByTestId('empty-library');
  });

  it('starts with a skip link that moves focus to the main region', async () => {
    const user = userEvent.setup();
    renderShell('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it.each(['/', '/collections', '/nope', '/privacy', '/terms'])(
    'passes axe on %s in English and Czech',
    async (path) => {
      const store = createStore();
      renderShell(path, store);
      expect(await seriousViolations()).toEqual([]);
      store.set(localeAtom, 'cs');
      expect(await screen.findByRole('link', { name: 'Přejít na obsah' })).toBeTruthy();
      expect(await seriousViolations()).toEqual([]);
    },
  );
});
