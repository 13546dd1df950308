// The header's search box only opens the quick search, with what was typed; the focus the
// dialog hands back on closing does not reopen it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quickSearchInitialQueryAtom, quickSearchOpenAtom } from '../../atoms/reader/quick-search.atoms';
import { HeaderSearch } from './header-search';
import { installDomShims } from '../../testing/dom-shims';
import { renderScreen } from '../../testing/render-screen';

beforeAll(installDomShims);
afterEach(cleanup);

describe('HeaderSearch', () => {
  it('shows the shortcut and opens the quick search on click', async () => {
    const user = userEvent.setup();
    const { store } = renderScreen(<HeaderSearch />);
    const box = screen.getByRole('textbox', { name: 'Search documents' });
    expect(box.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    expect(screen.getByText('Ctrl K')).toBeTruthy();

    await user.click(box);
    expect(store.get(quickSearchOpenAtom)).toBe(true);
    expect(store.get(quickSearchInitialQueryAtom)).toBe('');
  });

  it('opens on focus from the keyboard, and not again when the dialog hands focus back', async () => {
    const user = userEvent.setup();
    const { store } = renderScreen(<HeaderSearch />);
    await user.tab();
    expect(store.get(quickSearchOpenAtom)).toBe(true);

    // The dialog takes focus, then closes and gives it back to the box.
    const box = screen.getByRole('textbox');
    act(() => {
      box.blur();
      store.set(quickSearchOpenAtom, false);
    });
    act(() => box.focus());
    expect(store.get(quickSearchOpenAtom)).toBe(false);

    // Typing there opens it again, with the typed text.
    await user.keyboard('ú');
    expect(store.get(quickSearchOpenAtom)).toBe(true);
    expect(store.get(quickSearchInitialQueryAtom)).toBe('ú');
    expect((box as HTMLInputElement).value).toBe('');
  });
});
