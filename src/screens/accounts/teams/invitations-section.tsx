// The invitations on /teams: each organization that invited the caller, the role offered and who
// invited, with Accept (the caller becomes a member) and Decline. Nothing shows without any.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Button, Callout, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'wouter';
import {
  selectActionIdle,
  selectAnswering,
  selectInvitations,
  selectJoined,
  type teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { SuccessCallout } from '../../../components/status/success-callout';

export function InvitationsSection({ teams }: { teams: ActorRefFrom<typeof teamsMachine> }) {
  const intl = useIntl();
  const invitations = useSelector(teams, selectInvitations);
  const answering = useSelector(teams, selectAnswering);
  const idle = useSelector(teams, selectActionIdle);
  const joined = useSelector(teams, selectJoined);

  if (invitations.length === 0 && !joined) return null;
  return (
    <section aria-labelledby="teams-invitations-heading" data-testid="org-invitations">
      <Heading as="h2" size="5" mb="2" id="teams-invitations-heading">
        {intl.formatMessage({ id: 'teams.invitations.title' })}
      </Heading>
      {joined && (
        <SuccessCallout mb="3">
          <Callout.Text>{intl.formatMessage({ id: 'teams.invitations.joined' }, { name: joined })}</Callout.Text>
        </SuccessCallout>
      )}
      {invitations.length > 0 && (
        <>
          <Text as="p" size="2" color="gray" mb="3">
            {intl.formatMessage({ id: 'teams.invitations.intro' })}
          </Text>
          <ul className="account-plain-list">
            {invitations.map((invitation) => {
              const { org } = invitation;
              const busy = answering?.slug === org.slug;
              return (
                <li key={org.id} data-testid={`invitation-${org.slug}`}>
                  <Card size="1">
                    <Flex align="center" justify="between" gap="3" wrap="wrap">
                      <Flex direction="column" gap="1" minWidth="0">
                        <Link asChild size="3" weight="medium">
                          <RouterLink href={`/org/${encodeURIComponent(org.slug)}`}>{org.name}</RouterLink>
                        </Link>
                        <Flex gap="2" align="center" wrap="wrap">
                          <Badge variant="soft" color={invitation.role === 'member' ? 'gray' : 'amber'}>
                            {intl.formatMessage({ id: `teams.role.${invitation.role}` })}
                          </Badge>
                          <Text size="1" color="gray">
                            {intl.formatMessage(
                              { id: 'teams.invitations.invitedBy' },
                              { name: invitation.invited_by.username },
                            )}
                          </Text>
                        </Flex>
                      </Flex>
                      <Flex gap="2">
                        <Button
                          size="1"
                          disabled={!idle}
                          loading={busy && answering?.answer === 'accept'}
                          aria-label={intl.formatMessage({ id: 'teams.invitations.acceptOf' }, { name: org.name })}
                          onClick={() => teams.send({ type: 'invitation.accept', slug: org.slug })}
                        >
                          {intl.formatMessage({ id: 'teams.invitations.accept' })}
                        </Button>
                        <Button
                          size="1"
                          variant="soft"
                          color="gray"
                          disabled={!idle}
                          loading={busy && answering?.answer === 'decline'}
                          aria-label={intl.formatMessage({ id: 'teams.invitations.declineOf' }, { name: org.name })}
                          onClick={() => teams.send({ type: 'invitation.decline', slug: org.slug })}
                        >
                          {intl.formatMessage({ id: 'teams.invitations.decline' })}
                        </Button>
                      </Flex>
                    </Flex>
                  </Card>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
