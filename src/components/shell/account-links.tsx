// The header's account corner: Login and Register (two buttons, or one menu on narrow screens
// so the header fits 375 px in every language), or the logged-in user's menu.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, DropdownMenu, Flex, IconButton } from '@radix-ui/themes';
import { PersonIcon } from '@radix-ui/react-icons';
import { useAtomValue } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { AccountMenu } from './account-menu';

export function AccountLinks({ compact }: { compact: boolean }) {
  const intl = useIntl();
  const user = useAtomValue(currentUserAtom);
  const login = intl.formatMessage({ id: 'shell.login' });
  const register = intl.formatMessage({ id: 'shell.register' });

  // While /auth/me is asked (undefined) the links show: most visitors are anonymous.
  if (user) return <AccountMenu user={user} compact={compact} />;

  if (compact) {
    return (
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger>
          <IconButton variant="soft" size="2" aria-label={intl.formatMessage({ id: 'shell.account' })}>
            <PersonIcon width="18" height="18" />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item asChild>
            <Link href="/auth/login">{login}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link href="/auth/register">{register}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    );
  }

  return (
    <Flex align="center" gap="2">
      <Button asChild variant="soft">
        <Link href="/auth/login">{login}</Link>
      </Button>
      <Button asChild>
        <Link href="/auth/register">{register}</Link>
      </Button>
    </Flex>
  );
}
