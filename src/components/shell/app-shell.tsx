// The frame around every screen: skip link, header, side navigation, main content, footer, and
// the quick search dialog (mounted once here).
import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { QuickSearchDialog } from '../quick-search/quick-search-dialog';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { SideNav } from './side-nav';

export const MAIN_ID = 'main-content';

export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();

  // Focus the main region without adding #main-content to the address.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        {intl.formatMessage({ id: 'shell.skipToContent' })}
      </a>
      <AppHeader />
      <div className="shell-body">
        <SideNav />
        <div className="shell-column">
          <main id={MAIN_ID} tabIndex={-1} className="shell-main">
            {children}
          </main>
          <AppFooter />
        </div>
      </div>
      <QuickSearchDialog />
    </div>
  );
}
