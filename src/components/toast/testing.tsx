// Test helpers for screens that show toasts: the toast region and the texts of its toasts.
import { screen, within } from '@testing-library/react';

export const toastRegion = () => screen.getByRole('region', { name: /^(Notifications|Oznámení) \(F8\)$/ });

/** Each shown toast's text (title and description), oldest first. */
export const toastTexts = () =>
  within(toastRegion())
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
