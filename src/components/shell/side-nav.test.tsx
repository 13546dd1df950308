// The side navigation: collapsed up to 768 px (an overlay that closes after navigation or on
// Escape), open beside the content on wider screens, the current section marked.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppHeader } from './app-header';
import { SideNav } from './side-nav';
import { installDomShims } from '../../testing/dom-shims';
import { renderScreen } from '../../testing/render-screen';

// matchMedia must exist before the sidebar atoms read it at import.
const media = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let width = 375;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        const max = /max-width:\s*(\d+)px/.exec(query);
        return max ? width <= Number(max[1]) : false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
  };
});

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  media.resize(375);
});

const shell = (path = '/') =>
  renderScreen(
    <>
      <AppHeader />
      <SideNav />
    </>,
    { path },
  );

describe('SideNav', () => {
  it('is collapsed on a narrow screen, opens from the header and closes after navigation', async () => {
    const user = userEvent.setup();
    const { location } = shell('/');
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation')).toBeNull();
    // The search box is an icon button here, so the header fits 375 px.
    expect(screen.getByRole('button', { name: 'Search documents' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();

    await user.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Home' })));

    await user.click(within(nav).getByRole('link', { name: 'Documents' }));
    expect(location.history.at(-1)).toBe('/documents');
    await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    shell('/');
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    await user.click(toggle);
    expect(screen.getByRole('navigation')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('opens beside the content on a wide screen and marks the current section', async () => {
    const user = userEvent.setup();
    shell('/documents/0b0f7c9a-2a39-5d5e-8a4b-6f4f1a1e0001-ustava');
    act(() => media.resize(1280));

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Documents', '/documents'],
      ['Search', '/search'],
      ['Collections', '/collections'],
      ['Editor', '/editor'],
      ['Memory', '/memory'],
      ['Teams', '/teams'],
      ['Tools', '/tools'],
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual(['Documents']);
    expect(nav.getAttribute('data-overlay')).toBe('false');

    // The user may still collapse it.
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
