// Browser entry: Radix Themes' styles (only the parts the app uses), the app's own few rules, and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './radix-themes.css';
import './styles.css';
import { App } from './app';
import { initialLocale } from './i18n/locale';
import { loadCatalogue } from './i18n/catalogues';
import { handOffFirstScreen } from './ssr/first-screen-handoff';

// The first render waits for its language's catalogue (one small chunk), so no text flashes in
// another language; should it fail to load, the page renders with the message ids' defaults.
const startLocale = initialLocale(window.localStorage, navigator.languages);
void loadCatalogue(startLocale)
  .catch(() => undefined)
  .finally(() => {
    const root = document.getElementById('root')!;
    handOffFirstScreen();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
