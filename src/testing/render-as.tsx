// Renders a component as a given reader, the way the session would have left the store: many
// screens differ only by whether someone is logged in, and each test set that up by hand.
import type { ReactNode } from 'react';
import { createStore } from '../atoms/store';
import type { CurrentUser } from '../api/contract';
import { currentUserAtom } from '../atoms/accounts/session.atoms';
import { renderWithProviders } from '../components/shell/testing';

/** `ui` with the app's providers for `user` (null: nobody logged in); `store` may carry other atoms set beforehand. */
export function renderAs(
  user: CurrentUser | null,
  ui: ReactNode,
  { path, store = createStore() }: { path?: string; store?: ReturnType<typeof createStore> } = {},
) {
  store.set(currentUserAtom, user);
  return renderWithProviders(ui, { path, store });
}
