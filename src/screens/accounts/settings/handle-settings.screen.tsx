// /settings/handle: the current handle, a new one, Update. The flow (ETag, then PATCH with
// If-Match) lives in handleChangeMachine; a change also updates the header's user.
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Box, Button, Callout, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes';
import type { CurrentUser } from '../../../api/contract';
import { HANDLE_MAX_LENGTH } from '../../../api/contract';
import { useSetAtom } from '../../../atoms/store';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { SignedInPage } from '../../../components/accounts/login-required';
import { FailureCallout } from '../../../components/accounts/failure-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import {
  handleChangeMachine,
  selectBusy,
  selectCanSubmit,
  selectChanged,
  selectCurrent,
  selectError,
  selectEtagFailed,
  selectNext,
} from '../../../machines/accounts/handle-change.machine';
import '../../../components/accounts/accounts.css';

export function HandleSettingsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'settings.handle.title' });

  return <SignedInPage title={title}>{(user) => <HandleForm key={user.id} user={user} title={title} />}</SignedInPage>;
}

function HandleForm({ user, title }: { user: CurrentUser; title: string }) {
  const intl = useIntl();
  const setUser = useSetAtom(currentUserAtom);
  const currentId = useId();
  const nextId = useId();
  const rulesId = useId();
  const change = useActorRef(
    handleChangeMachine.provide({
      actions: {
        // The header and every other reader of the session follow the new handle.
        handleChanged: (_, { username }) => setUser((previous) => (previous ? { ...previous, username } : previous)),
      },
    }),
    { input: { userId: user.id, current: user.username } },
  );
  const busy = useSelector(change, selectBusy);
  const changed = useSelector(change, selectChanged);
  const current = useSelector(change, selectCurrent);
  const next = useSelector(change, selectNext);
  const error = useSelector(change, selectError);
  const etagFailed = useSelector(change, selectEtagFailed);
  const canSubmit = useSelector(change, selectCanSubmit);

  // The session may be re-read (another tab changed the handle): follow it.
  useEffect(
    () => change.send({ type: 'handle.sync', userId: user.id, current: user.username }),
    [change, user.id, user.username],
  );

  return (
    <Flex direction="column" gap="4" className="page account-form">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Text as="p" color="gray">
        {intl.formatMessage({ id: 'settings.handle.intro' })}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.send({ type: 'handle.submit' });
        }}
      >
        <Flex direction="column" gap="3">
          <Box>
            <Text as="label" htmlFor={currentId} size="2" weight="medium">
              {intl.formatMessage({ id: 'settings.handle.current' })}
            </Text>
            <TextField.Root id={currentId} value={current} readOnly mt="1" variant="soft" color="gray" />
          </Box>
          <Box>
            <Text as="label" htmlFor={nextId} size="2" weight="medium">
              {intl.formatMessage({ id: 'settings.handle.new' })}
            </Text>
            <TextField.Root
              id={nextId}
              mt="1"
              value={next}
              maxLength={HANDLE_MAX_LENGTH}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={rulesId}
              aria-invalid={error?.detail === 'validation_failed' ? true : undefined}
              disabled={busy}
              onChange={(event) => change.send({ type: 'handle.input', value: event.target.value })}
            />
            <Text as="p" id={rulesId} size="1" color="gray" mt="1">
              {intl.formatMessage({ id: 'settings.handle.rules' })}
            </Text>
          </Box>
          <Flex>
            <Button type="submit" disabled={!canSubmit} loading={busy}>
              {intl.formatMessage({ id: 'settings.handle.update' })}
            </Button>
          </Flex>
        </Flex>
      </form>

      {changed && (
        <SuccessCallout>
          <Callout.Text>{intl.formatMessage({ id: 'settings.handle.updated' })}</Callout.Text>
        </SuccessCallout>
      )}
      {error && (
        <FailureCallout
          error={error}
          context="handle"
          title={etagFailed ? intl.formatMessage({ id: 'settings.handle.etagFailed' }) : undefined}
        />
      )}

      <Flex gap="4" wrap="wrap">
        <Link asChild size="2">
          <RouterLink href="/settings/profile">{intl.formatMessage({ id: 'settings.profileLink' })}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink href="/settings/api-keys">{intl.formatMessage({ id: 'apiKeys.settingsLink' })}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink href={`/u/${encodeURIComponent(current)}`}>
            {intl.formatMessage({ id: 'settings.publicProfileLink' })}
          </RouterLink>
        </Link>
      </Flex>
    </Flex>
  );
}
