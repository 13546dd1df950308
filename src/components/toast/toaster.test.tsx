// The toast region: a queued toast shows its title and description (catalogue or raw text) in
// the current language, is announced (politely for success, assertively for errors), closes
// by its button and by itself after its duration.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { installDomShims } from '../../testing/dom-shims';
import { toastRegion, toastTexts } from './testing';
import { MAX_TOASTS, showToastAtom, toastsAtom } from './toast.atoms';
import { Toaster } from './toaster';
import { renderScreen } from '../../testing/render-screen';

beforeAll(installDomShims);
afterEach(cleanup);

describe('Toaster', () => {
  it('shows a catalogue title with a raw description and closes by its button', async () => {
    const { store } = renderScreen(<Toaster />);
    act(() =>
      store.set(showToastAtom, {
        variant: 'error',
        title: { id: 'auth.login.failedTitle' },
        description: { raw: 'internal_error' },
      }),
    );
    expect(toastTexts()).toEqual(['Login Failedinternal_error']);
    // Radix announces the text in an assertive live region for errors.
    await waitFor(() =>
      expect(document.querySelector('[role="status"][aria-live="assertive"]')?.textContent).toContain(
        'Login Failedinternal_error',
      ),
    );

    await userEvent.setup().click(within(toastRegion()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(toastTexts()).toEqual([]));
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('announces success politely, in the interface language, and leaves after its duration', async () => {
    const { store } = renderScreen(<Toaster />);
    act(() => store.set(localeAtom, 'cs'));
    act(() =>
      store.set(showToastAtom, {
        variant: 'success',
        title: { id: 'auth.login.successTitle' },
        description: { id: 'auth.login.successText' },
        duration: 300,
      }),
    );
    expect(toastTexts()).toEqual(['Vítejte zpět!Přihlášení proběhlo úspěšně']);
    expect(screen.getByRole('region', { name: 'Oznámení (F8)' })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[role="status"][aria-live="polite"]')?.textContent).toContain('Vítejte zpět!'),
    );
    await waitFor(() => expect(toastTexts()).toEqual([]), { timeout: 2000 });
  });

  it('keeps only the newest few', () => {
    const { store } = renderScreen(<Toaster />);
    act(() => {
      for (let i = 0; i < MAX_TOASTS + 2; i += 1)
        store.set(showToastAtom, { variant: 'success', title: { raw: `toast ${i}` } });
    });
    expect(toastTexts()).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `toast ${i + 2}`));
  });
});
