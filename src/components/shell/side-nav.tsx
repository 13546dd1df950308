// The side navigation (250 px). Beside the content on wide screens; on narrow ones it overlays
// the page and closes after navigation, on Escape or on a click outside.
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Text } from '@radix-ui/themes';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { isNarrowScreenAtom, sidebarChoiceAtom, sidebarOpenAtom } from '../../atoms/shell/sidebar.atoms';
import { NAV_ITEMS, isCurrentSection } from './nav-items';

export const SIDE_NAV_ID = 'shell-nav';
export const MENU_BUTTON_ID = 'shell-menu-button';

export function SideNav() {
  const intl = useIntl();
  const [location] = useLocation();
  const open = useAtomValue(sidebarOpenAtom);
  const isNarrow = useAtomValue(isNarrowScreenAtom);
  // Back to following the screen width: closed on narrow screens, open on wide ones.
  const setChoice = useSetAtom(sidebarChoiceAtom);
  const navRef = useRef<HTMLElement>(null);
  const overlay = isNarrow && open;

  // Crossing the 768 px line drops an explicit choice made on the other side of it.
  useEffect(() => {
    setChoice(null);
  }, [isNarrow, setChoice]);

  // On narrow screens a followed link closes the overlay.
  const lastLocation = useRef(location);
  useEffect(() => {
    if (lastLocation.current === location) return;
    lastLocation.current = location;
    if (isNarrow) setChoice(null);
  }, [location, isNarrow, setChoice]);

  useEffect(() => {
    if (!overlay) return;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setChoice(null);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, setChoice]);

  return (
    <>
      {overlay && <div className="shell-backdrop" aria-hidden onClick={() => setChoice(null)} />}
      <nav
        id={SIDE_NAV_ID}
        ref={navRef}
        className="shell-nav"
        data-overlay={isNarrow ? 'true' : 'false'}
        hidden={!open}
        aria-label={intl.formatMessage({ id: 'shell.nav.label' })}
      >
        <ul className="shell-nav-list">
          {NAV_ITEMS.map(({ href, label, Icon }) => {
            const current = isCurrentSection(href, location);
            return (
              <li key={href}>
                <Link href={href} className="shell-nav-link" aria-current={current ? 'page' : undefined}>
                  <Icon width="18" height="18" aria-hidden />
                  <Text size="2" weight={current ? 'medium' : 'regular'}>
                    {intl.formatMessage({ id: label })}
                  </Text>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
