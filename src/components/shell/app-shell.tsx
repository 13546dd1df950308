// The frame around every screen: skip link, header, side navigation, main content, footer, and
// the quick search dialog, the toasts and the Copilot (mounted once here), inside the session
// that asks /auth/me at start. The content, the quick search and the Copilot each fail on their own
// (error boundaries).
import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { copilotPanelOpenAtom } from '../../atoms/copilot/copilot.atoms';
import { useAtomValue } from '../../atoms/store';
import { CopilotRoot } from '../copilot/copilot-root';
import { NoticesBanner } from '../notices/notices-banner';
import { QuickSearchRoot } from '../quick-search/quick-search-root';
import { SessionProvider } from '../session/session-provider';
import { ToastRegion } from '../toast/toast-region';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ErrorBoundary } from './error-boundary';
import { SideNav } from './side-nav';

export const MAIN_ID = 'main-content';

export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  // The open Copilot panel takes 420 px on the right: the main column shifts left (copilot.css).
  const copilotOpen = useAtomValue(copilotPanelOpenAtom);
  const [location] = useLocation();

  // Focus the main region without adding #main-content to the address.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <SessionProvider>
      <div className={copilotOpen ? 'shell shell--copilot-open' : 'shell'}>
        <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
          {intl.formatMessage({ id: 'shell.skipToContent' })}
        </a>
        <AppHeader />
        <div className="shell-body">
          <SideNav />
          <div className="shell-column">
            <main id={MAIN_ID} tabIndex={-1} className="shell-main">
              {/* New versions of the user's pinned and collected documents (issue 16). */}
              <ErrorBoundary fallback={() => null}>
                <NoticesBanner />
              </ErrorBoundary>
              {/* A failing screen keeps to the main region; another address tries afresh. */}
              <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
            </main>
            <AppFooter />
          </div>
        </div>
        {/* Live search.* commands drive the quick search: a bad one closes it, not the page. */}
        <ErrorBoundary resetKey={location} fallback={() => null}>
          <QuickSearchRoot />
        </ErrorBoundary>
        {/* A failing Copilot goes away rather than taking the page with it. */}
        <ErrorBoundary fallback={() => null}>
          <CopilotRoot />
        </ErrorBoundary>
        <ToastRegion />
      </div>
    </SessionProvider>
  );
}
