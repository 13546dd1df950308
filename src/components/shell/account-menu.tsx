// The logged-in user's menu in the header: the handle (@username) opening links to the profile,
// settings, handle, teams and API keys, and Log out. On narrow screens the trigger is an icon.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, DropdownMenu, IconButton } from '@radix-ui/themes';
import { ChevronDownIcon, ExitIcon, PersonIcon } from '@radix-ui/react-icons';
import type { CurrentUser } from '../../api/contract';
import { useSession } from '../session/session-provider';

// A 30-character handle must not push the header's other controls off screen.
const HANDLE_STYLE = { maxWidth: '12rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const accountMenuLinks = (username: string, operator = false) => [
  { href: `/u/${encodeURIComponent(username)}`, label: 'account.menu.profile' },
  { href: '/settings/profile', label: 'account.menu.settings' },
  { href: '/settings/handle', label: 'account.menu.handle' },
  { href: '/teams', label: 'account.menu.teams' },
  { href: '/settings/api-keys', label: 'account.menu.apiKeys' },
  // Operators only (the server decides who is one, and checks again on every import).
  ...(operator ? [{ href: '/admin/import', label: 'account.menu.import' }] : []),
];

export function AccountMenu({ user, compact }: { user: CurrentUser; compact: boolean }) {
  const intl = useIntl();
  const session = useSession();
  const handle = `@${user.username}`;
  // The visible handle is part of the name (WCAG "label in name").
  const label = intl.formatMessage({ id: 'account.menu.label' }, { name: handle });

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        {compact ? (
          <IconButton variant="soft" size="2" aria-label={label}>
            <PersonIcon width="18" height="18" />
          </IconButton>
        ) : (
          <Button variant="soft" aria-label={label}>
            <PersonIcon width="16" height="16" />
            <span style={HANDLE_STYLE}>{handle}</span>
            <ChevronDownIcon />
          </Button>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{handle}</DropdownMenu.Label>
        {accountMenuLinks(user.username, user.operator === true).map((item) => (
          <DropdownMenu.Item key={item.href} asChild>
            <Link href={item.href}>{intl.formatMessage({ id: item.label })}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={() => session.send({ type: 'session.logout' })}>
          <ExitIcon />
          {intl.formatMessage({ id: 'account.menu.logout' })}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
