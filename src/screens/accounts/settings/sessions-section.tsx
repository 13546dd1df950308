// Settings → Sessions: where the account is signed in (client, since when, last active), "Sign
// out" per other session and "Sign out everywhere else". The flow is sessionsListMachine's.
import { useIntl, type IntlShape } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { FailureCallout } from '../../../components/accounts/failure-callout';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { SuccessCallout } from '../../../components/status/success-callout';
import { errorMessage } from '../../../i18n/error-message';
import {
  OTHERS,
  selectHasOtherSessions,
  selectSessions,
  selectSessionsActionError,
  selectSessionsBusy,
  selectSessionsDone,
  selectSessionsLoadError,
  selectSessionsLoading,
  sessionsListMachine,
} from '../../../machines/accounts/sessions-list.machine';

/** An API timestamp (ISO, UTC) as date and time in the interface language and the reader's zone. */
const formatTime = (intl: IntlShape, value: string) =>
  intl.formatDate(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsSection() {
  const intl = useIntl();
  const list = useActorRef(sessionsListMachine);
  const loading = useSelector(list, selectSessionsLoading);
  const sessions = useSelector(list, selectSessions);
  const loadError = useSelector(list, selectSessionsLoadError);
  const busy = useSelector(list, selectSessionsBusy);
  const actionError = useSelector(list, selectSessionsActionError);
  const done = useSelector(list, selectSessionsDone);
  const hasOthers = useSelector(list, selectHasOtherSessions);
  const headingId = 'settings-sessions-heading';

  return (
    <Flex as="div" direction="column" gap="3" role="region" aria-labelledby={headingId}>
      <Heading as="h2" size="5" id={headingId}>
        {intl.formatMessage({ id: 'settings.sessions.title' })}
      </Heading>
      <Text as="p" size="2" color="gray">
        {intl.formatMessage({ id: 'settings.sessions.intro' })}
      </Text>
      {loading && <LoadingStatus label={intl.formatMessage({ id: 'settings.sessions.loading' })} />}
      {loadError && (
        <ErrorCallout
          retry={{
            label: intl.formatMessage({ id: 'settings.retry' }),
            onClick: () => list.send({ type: 'sessions.retry' }),
          }}
        >
          <Callout.Text>
            {intl.formatMessage(
              { id: 'settings.sessions.loadFailed' },
              { message: errorMessage(intl, loadError, 'profile') },
            )}
          </Callout.Text>
        </ErrorCallout>
      )}
      {sessions.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sessions.map((session) => {
            const client = session.client ?? intl.formatMessage({ id: 'settings.sessions.unknownClient' });
            return (
              <li key={session.id}>
                <Flex gap="3" align="center" justify="between" wrap="wrap" py="2">
                  <Box>
                    <Flex gap="2" align="center">
                      <Text weight="medium">{client}</Text>
                      {session.current && (
                        <Badge color="green" highContrast>
                          {intl.formatMessage({ id: 'settings.sessions.current' })}
                        </Badge>
                      )}
                    </Flex>
                    <Text as="p" size="1" color="gray">
                      {intl.formatMessage(
                        { id: 'settings.sessions.details' },
                        {
                          created: formatTime(intl, session.created_at),
                          lastSeen: formatTime(intl, session.last_seen_at),
                        },
                      )}
                    </Text>
                  </Box>
                  {!session.current && (
                    <Button
                      variant="soft"
                      color="gray"
                      disabled={busy !== undefined}
                      loading={busy === session.id}
                      aria-label={intl.formatMessage({ id: 'settings.sessions.signOutLabel' }, { name: client })}
                      onClick={() => list.send({ type: 'session.end', id: session.id })}
                    >
                      {intl.formatMessage({ id: 'settings.sessions.signOut' })}
                    </Button>
                  )}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
      {!loading && !loadError && !hasOthers && (
        <Text as="p" size="2">
          {intl.formatMessage({ id: 'settings.sessions.onlyThis' })}
        </Text>
      )}
      {hasOthers && (
        <Flex>
          <Button
            color="red"
            variant="soft"
            disabled={busy !== undefined}
            loading={busy === OTHERS}
            onClick={() => list.send({ type: 'sessions.endOthers' })}
          >
            {intl.formatMessage({ id: 'settings.sessions.signOutOthers' })}
          </Button>
        </Flex>
      )}
      {done && (
        <SuccessCallout>
          <Callout.Text>
            {done.kind === 'one'
              ? intl.formatMessage({ id: 'settings.sessions.endedOne' })
              : intl.formatMessage({ id: 'settings.sessions.endedOthers' }, { count: done.ended })}
          </Callout.Text>
        </SuccessCallout>
      )}
      {actionError && <FailureCallout error={actionError} context="profile" />}
    </Flex>
  );
}
