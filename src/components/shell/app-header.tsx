// The header (60 px): navigation toggle, logo, search box, language, theme, login and register.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Flex, IconButton, Link as ThemeLink } from '@radix-ui/themes';
import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { useAtom, useAtomValue } from '../../atoms/store';
import { isNarrowScreenAtom, sidebarOpenAtom } from '../../atoms/shell/sidebar.atoms';
import { HeaderSearch } from './header-search';
import { LanguagePicker } from './language-picker';
import { ThemeToggle } from './theme-toggle';
import { AccountLinks } from './account-links';
import { MENU_BUTTON_ID, SIDE_NAV_ID } from './side-nav';

export function AppHeader() {
  const intl = useIntl();
  const [navOpen, setNavOpen] = useAtom(sidebarOpenAtom);
  const isNarrow = useAtomValue(isNarrowScreenAtom);

  return (
    <header className="shell-header">
      <Flex align="center" gap={isNarrow ? '3' : '4'} height="100%" px={isNarrow ? '3' : '4'}>
        <IconButton
          id={MENU_BUTTON_ID}
          variant="ghost"
          color="gray"
          size="2"
          aria-label={intl.formatMessage({ id: 'shell.nav.toggle' })}
          aria-expanded={navOpen}
          aria-controls={SIDE_NAV_ID}
          onClick={() => setNavOpen(!navOpen)}
        >
          <HamburgerMenuIcon width="18" height="18" />
        </IconButton>
        <ThemeLink asChild size="5" weight="bold" highContrast underline="none" className="shell-logo">
          <Link href="/">{intl.formatMessage({ id: 'app.name' })}</Link>
        </ThemeLink>
        <Flex flexGrow="1" justify={isNarrow ? 'end' : 'start'}>
          <HeaderSearch />
        </Flex>
        <Flex align="center" gap={isNarrow ? '3' : '4'}>
          <LanguagePicker compact={isNarrow} />
          <ThemeToggle />
        </Flex>
        <AccountLinks compact={isNarrow} />
      </Flex>
    </header>
  );
}
