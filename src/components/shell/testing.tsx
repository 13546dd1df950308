// Test helpers for the shell's component tests: jsdom shims Radix needs, and a render with a
// fresh Jotai store, the app's providers and an in-memory address.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, AtomsProvider } from '../../atoms/store';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from './app-providers';

/** What jsdom lacks and Radix (ScrollArea, menus, dialogs) calls. */
export function installDomShims() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  // axe-core probes canvas support; jsdom would log "not implemented" for every call.
  HTMLCanvasElement.prototype.getContext = () => null;
}

export function renderWithProviders(ui: ReactNode, { path = '/', store = createStore() } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AtomsProvider store={store}>
      <AppProviders>
        <Router hook={location.hook}>{ui}</Router>
      </AppProviders>
    </AtomsProvider>,
  );
  return { ...result, store, location };
}
