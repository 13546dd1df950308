// The app root: the shared Jotai store, language and theme, the shell and the route table.
import { AtomsProvider, appStore } from './atoms/store';
import { AppProviders } from './components/shell/app-providers';
import { AppShell } from './components/shell/app-shell';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AtomsProvider store={appStore}>
      <AppProviders>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </AppProviders>
    </AtomsProvider>
  );
}
