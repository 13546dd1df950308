// Managing one organization's members on /teams (owners and admins): the members with their
// roles, a role select and a Remove button per member, the pending invitations (marked, not
// members) with Withdraw, and the form that invites someone by handle.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Flex,
  Heading,
  Link,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { HANDLE_MAX_LENGTH, ORG_ROLES, type Org, type OrgRole } from '../../../api/contract';
import {
  orgMembersMachine,
  selectAddHandle,
  selectAddRole,
  selectManagedOrg,
  selectCanAdd,
  selectChanging,
  selectInvited,
  selectMembersError,
  selectMembersLoadFailed,
  selectMembersLoading,
  selectPending,
} from '../../../machines/accounts/org-members.machine';
import { ErrorCallout } from '../../../components/status/error-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { errorMessage } from '../../../i18n/error-message';

interface Props {
  slug: string;
  name: string;
  onChanged: (org: Org) => void;
  onClose: () => void;
}

export function OrgMembersPanel({ slug, name, onChanged, onClose }: Props) {
  const intl = useIntl();
  const formId = useId();
  const members = useActorRef(orgMembersMachine.provide({ actions: { orgChanged: (_, { org }) => onChanged(org) } }), {
    input: { slug },
  });
  const loading = useSelector(members, selectMembersLoading);
  const loadFailed = useSelector(members, selectMembersLoadFailed);
  const changing = useSelector(members, selectChanging);
  const canAdd = useSelector(members, selectCanAdd);
  const org = useSelector(members, selectManagedOrg);
  const error = useSelector(members, selectMembersError);
  const handle = useSelector(members, selectAddHandle);
  const role = useSelector(members, selectAddRole);
  const pending = useSelector(members, selectPending);
  const invited = useSelector(members, selectInvited);
  const roleName = (value: OrgRole) => intl.formatMessage({ id: `teams.role.${value}` });

  return (
    <section aria-labelledby={`${formId}-heading`} data-testid="org-members">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="5" id={`${formId}-heading`}>
          {intl.formatMessage({ id: 'teams.members.title' }, { name })}
        </Heading>
        <Button variant="ghost" onClick={onClose}>
          {intl.formatMessage({ id: 'teams.members.close' })}
        </Button>
      </Flex>

      {loading && <LoadingStatus label={intl.formatMessage({ id: 'teams.members.loading' })} />}
      {error && (
        <ErrorCallout
          mb="3"
          retry={
            loadFailed
              ? {
                  label: intl.formatMessage({ id: 'teams.retry' }),
                  onClick: () => members.send({ type: 'members.retry' }),
                }
              : undefined
          }
        >
          <Callout.Text>{errorMessage(intl, error, 'teams')}</Callout.Text>
        </ErrorCallout>
      )}

      {org && (
        <Flex direction="column" gap="4">
          <Box className="account-table-wrap">
            <Table.Root variant="surface" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'teams.members.member' })}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'teams.members.role' })}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>{intl.formatMessage({ id: 'teams.members.actions' })}</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {org.members.map((member) => {
                  const busy = changing && pending?.username === member.username;
                  return (
                    <Table.Row key={member.username} data-testid={`member-${member.username}`}>
                      <PersonCell person={member} />
                      <Table.Cell>
                        <select
                          className="account-select"
                          value={member.role}
                          disabled={changing}
                          aria-label={intl.formatMessage({ id: 'teams.members.roleOf' }, { name: member.username })}
                          onChange={(event) =>
                            members.send({
                              type: 'member.role',
                              username: member.username,
                              role: event.target.value as OrgRole,
                            })
                          }
                        >
                          {ORG_ROLES.map((value) => (
                            <option key={value} value={value}>
                              {roleName(value)}
                            </option>
                          ))}
                        </select>
                      </Table.Cell>
                      <Table.Cell>
                        <Button
                          size="1"
                          variant="soft"
                          color="red"
                          disabled={changing}
                          loading={busy && pending?.kind === 'remove'}
                          aria-label={intl.formatMessage({ id: 'teams.members.removeOf' }, { name: member.username })}
                          onClick={() => members.send({ type: 'member.remove', username: member.username })}
                        >
                          {intl.formatMessage({ id: 'teams.members.remove' })}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
                {org.invitations.map((invitation) => {
                  const busy = changing && pending?.kind === 'withdraw' && pending.username === invitation.username;
                  return (
                    <Table.Row key={`invited-${invitation.username}`} data-testid={`invitation-${invitation.username}`}>
                      <PersonCell person={invitation} />
                      <Table.Cell>
                        <Flex direction="column" gap="1" align="start">
                          <Badge variant="outline" color="gray">
                            {intl.formatMessage({ id: 'teams.members.pending' })}
                          </Badge>
                          <Text size="1" color="gray">
                            {roleName(invitation.role)} ·{' '}
                            {intl.formatMessage({ id: 'teams.members.invitedBy' }, { name: invitation.invited_by })}
                          </Text>
                        </Flex>
                      </Table.Cell>
                      <Table.Cell>
                        <Button
                          size="1"
                          variant="soft"
                          color="gray"
                          disabled={changing}
                          loading={busy}
                          aria-label={intl.formatMessage(
                            { id: 'teams.members.withdrawOf' },
                            { name: invitation.username },
                          )}
                          onClick={() => members.send({ type: 'invitation.withdraw', username: invitation.username })}
                        >
                          {intl.formatMessage({ id: 'teams.members.withdraw' })}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>

          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              members.send({ type: 'add.submit' });
            }}
          >
            <Heading as="h3" size="3" mb="1">
              {intl.formatMessage({ id: 'teams.members.addTitle' })}
            </Heading>
            <Text as="p" size="2" color="gray" mb="2">
              {intl.formatMessage({ id: 'teams.members.inviteHint' })}
            </Text>
            {invited && (
              <SuccessCallout mb="2">
                <Callout.Text>{intl.formatMessage({ id: 'teams.members.invited' }, { name: invited })}</Callout.Text>
              </SuccessCallout>
            )}
            <Flex gap="2" align="end" wrap="wrap">
              <Box flexGrow="1" minWidth="180px">
                <Text as="label" htmlFor={`${formId}-handle`} size="2" weight="medium">
                  {intl.formatMessage({ id: 'teams.members.handle' })}
                </Text>
                <TextField.Root
                  id={`${formId}-handle`}
                  mt="1"
                  value={handle}
                  maxLength={HANDLE_MAX_LENGTH}
                  autoCapitalize="none"
                  spellCheck={false}
                  onChange={(event) => members.send({ type: 'add.handle', value: event.target.value })}
                />
              </Box>
              <Box>
                <Text as="label" htmlFor={`${formId}-role`} size="2" weight="medium">
                  {intl.formatMessage({ id: 'teams.members.role' })}
                </Text>
                <Box mt="1">
                  <select
                    id={`${formId}-role`}
                    className="account-select"
                    value={role}
                    disabled={changing}
                    onChange={(event) => members.send({ type: 'add.role', value: event.target.value as OrgRole })}
                  >
                    {ORG_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {roleName(value)}
                      </option>
                    ))}
                  </select>
                </Box>
              </Box>
              <Button type="submit" disabled={!canAdd} loading={changing && pending?.kind === 'add'}>
                {intl.formatMessage({ id: 'teams.members.add' })}
              </Button>
            </Flex>
          </form>
        </Flex>
      )}
    </section>
  );
}

/** The row's person: their handle linking to their profile, their name below. */
function PersonCell({ person }: { person: { username: string; first_name: string; last_name: string } }) {
  const fullName = `${person.first_name} ${person.last_name}`.trim();
  return (
    <Table.RowHeaderCell>
      <Link asChild>
        <RouterLink href={`/u/${encodeURIComponent(person.username)}`}>{`@${person.username}`}</RouterLink>
      </Link>
      {fullName && (
        <Text as="div" size="1" color="gray">
          {fullName}
        </Text>
      )}
    </Table.RowHeaderCell>
  );
}
