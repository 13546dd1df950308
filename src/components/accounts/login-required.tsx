// What an account page shows to a visitor who is not logged in: a sentence and the way to log in;
// and a spinner while the session is still being asked for.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, Callout, Flex, Heading } from '@radix-ui/themes';
import { LockClosedIcon } from '@radix-ui/react-icons';
import type { CurrentUser } from '../../api/contract';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../atoms/store';
import { PageTitle } from '../shell/page-title';
import { LoadingStatus } from '../status/loading-status';

/** A page only a logged-in user has: its title, and its content once the user is known. */
export function SignedInPage({ title, children }: { title: string; children: (user: CurrentUser) => ReactNode }) {
  const user = useAtomValue(currentUserAtom);
  return (
    <>
      <PageTitle title={title} />
      {user === undefined ? <SessionLoading /> : user === null ? <LoginRequired title={title} /> : children(user)}
    </>
  );
}

function LoginRequired({ title }: { title: string }) {
  const intl = useIntl();
  return (
    <Flex direction="column" align="start" gap="4" className="page">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Callout.Root color="gray" variant="surface">
        <Callout.Icon>
          <LockClosedIcon />
        </Callout.Icon>
        <Callout.Text>{intl.formatMessage({ id: 'settings.loginRequired.text' })}</Callout.Text>
      </Callout.Root>
      <Button asChild>
        <Link href="/auth/login">{intl.formatMessage({ id: 'settings.loginRequired.link' })}</Link>
      </Button>
    </Flex>
  );
}

function SessionLoading() {
  const intl = useIntl();
  return <LoadingStatus className="page" label={intl.formatMessage({ id: 'settings.sessionLoading' })} />;
}
