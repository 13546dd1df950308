// The one way client tests render: a fresh Jotai store (with the reader logged in or not), the
// app's providers, an in-memory address with its query, and on request the session (which asks
// /auth/me) and the toast region. Calls go to the msw server of the file (mock-api.ts).
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../api/contract';
import { currentUserAtom } from '../atoms/accounts/session.atoms';
import { AtomsProvider, createStore, type JotaiStore } from '../atoms/store';
import { AppProviders } from '../components/shell/app-providers';
import { SessionProvider } from '../components/session/session-provider';
import { Toaster } from '../components/toast/toaster';

export interface RenderScreenOptions {
  /** The address, query included (default '/'). */
  path?: string;
  /** A store carrying atoms set beforehand (default: a fresh one). */
  store?: JotaiStore;
  /** Who is logged in: a user, null for nobody; undefined leaves the store as it is. */
  user?: CurrentUser | null;
  /** Mount the session provider, which asks /auth/me like the app does. */
  session?: boolean;
  /** Mount the toast region. */
  toasts?: boolean;
}

export function renderScreen(
  ui: ReactNode,
  { path = '/', store = createStore(), user, session = false, toasts = false }: RenderScreenOptions = {},
) {
  if (user !== undefined) store.set(currentUserAtom, user);
  const location = memoryLocation({ path, record: true });
  const content = (
    <>
      {ui}
      {toasts ? <Toaster /> : null}
    </>
  );
  const result = render(
    <AtomsProvider store={store}>
      <AppProviders>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {session ? <SessionProvider>{content}</SessionProvider> : content}
        </Router>
      </AppProviders>
    </AtomsProvider>,
  );
  return { ...result, store, location };
}
