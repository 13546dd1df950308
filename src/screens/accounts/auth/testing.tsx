// Test helper for the auth screens: a fresh store, the app's providers, an in-memory address
// with a query string, the session (which asks /auth/me) and the toast region.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, AtomsProvider } from '../../../atoms/store';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../../components/shell/app-providers';
import { SessionProvider } from '../../../components/session/session-provider';
import { Toaster } from '../../../components/toast/toaster';

export function renderAuthScreen(ui: ReactNode, { path = '/', store = createStore() } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AtomsProvider store={store}>
      <AppProviders>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <SessionProvider>
            {ui}
            <Toaster />
          </SessionProvider>
        </Router>
      </AppProviders>
    </AtomsProvider>,
  );
  return { ...result, store, location };
}
