// The theme menu: the choice is applied to the page and kept in localStorage.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeChoiceAtom } from '../../atoms/shell/theme.atoms';
import { ThemeToggle } from './theme-toggle';
import { installDomShims } from '../../testing/dom-shims';
import { renderScreen } from '../../testing/render-screen';

beforeAll(installDomShims);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ThemeToggle', () => {
  it('stores the chosen theme and applies it to the page', async () => {
    const user = userEvent.setup();
    const { store } = renderScreen(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Theme: System' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));

    expect(store.get(themeChoiceAtom)).toBe('dark');
    expect(localStorage.getItem('lexhub.theme')).toBe('"dark"');
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeTruthy();
  });

  it('can be used from the keyboard and starts from the stored choice', async () => {
    localStorage.setItem('lexhub.theme', '"dark"');
    const user = userEvent.setup();
    renderScreen(<ThemeToggle />);
    const trigger = screen.getByRole('button', { name: 'Theme: Dark' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: 'Dark', checked: true })).toBeTruthy();
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('System'));
    await user.keyboard('{Enter}');

    expect(localStorage.getItem('lexhub.theme')).toBe('"system"');
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));
  });
});
