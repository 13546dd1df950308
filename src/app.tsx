// The app root: the shared Jotai store, language and theme, the shell and the route table, and the
// last-resort error boundary around the shell.
import { AtomsProvider, appStore } from './atoms/store';
import { AppFailed } from './components/shell/app-failed';
import { AppProviders } from './components/shell/app-providers';
import { AppShell } from './components/shell/app-shell';
import { ErrorBoundary } from './components/shell/error-boundary';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AtomsProvider store={appStore}>
      <AppProviders>
        {/* Last resort: the shell's own parts (header, navigation, session, toasts) failing. */}
        <ErrorBoundary fallback={() => <AppFailed />}>
          <AppShell>
            <AppRoutes />
          </AppShell>
        </ErrorBoundary>
      </AppProviders>
    </AtomsProvider>
  );
}
