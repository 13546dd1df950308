// /teams: invitations waiting for the caller's answer, the caller's organizations with their role
// (owners rename and delete them), the form that creates one, and (for owners and admins) the
// management of an organization's members.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Button, Callout, Card, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import type { Org } from '../../../api/contract';
import { SignedInPage } from '../../../components/accounts/login-required';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { SuccessCallout } from '../../../components/status/success-callout';
import { errorMessage } from '../../../i18n/error-message';
import {
  selectActionError,
  selectActionIdle,
  selectDeleteAsked,
  selectDeleted,
  selectHasMore,
  selectLoadError,
  selectLoadingMore,
  selectOrgs,
  selectOrgsLoading,
  selectOrgsReady,
  selectRenameForm,
  teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { CreateOrgForm } from './create-org-form';
import { DeleteOrgDialog } from './delete-org-dialog';
import { InvitationsSection } from './invitations-section';
import { OrgMembersPanel } from './org-members-panel';
import { RenameOrgForm } from './rename-org-form';
import '../../../components/accounts/accounts.css';

export function TeamsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'teams.title' });

  return (
    <SignedInPage title={title}>
      {(user) => <Teams key={user.id} title={title} username={user.username} />}
    </SignedInPage>
  );
}

function Teams({ title, username }: { title: string; username: string }) {
  const intl = useIntl();
  const teams = useActorRef(teamsMachine, { input: { username } });
  const loading = useSelector(teams, selectOrgsLoading);
  const ready = useSelector(teams, selectOrgsReady);
  const orgs = useSelector(teams, selectOrgs);
  const loadError = useSelector(teams, selectLoadError);
  const hasMore = useSelector(teams, selectHasMore);
  const loadingMore = useSelector(teams, selectLoadingMore);
  const actionIdle = useSelector(teams, selectActionIdle);
  const actionError = useSelector(teams, selectActionError);
  const renameForm = useSelector(teams, selectRenameForm);
  // Keyboard focus: the rename form takes it when it opens (its name field) and gives it back to
  // its organization's Rename button when it closes (saved or cancelled; by id, as a rename may
  // change the slug).
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  const renamedOrgId = useRef<string | undefined>(undefined);
  const renamingSlug = renameForm?.slug;
  useEffect(() => {
    if (renamingSlug !== undefined) {
      renamedOrgId.current = orgs.find((org) => org.slug === renamingSlug)?.id;
      return;
    }
    const id = renamedOrgId.current;
    renamedOrgId.current = undefined;
    if (id !== undefined) renameButtons.current.get(id)?.focus();
    // Only the form opening or closing moves focus, not a new list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renamingSlug]);
  const deleteAsked = useSelector(teams, selectDeleteAsked);
  const deleted = useSelector(teams, selectDeleted);
  // Which organization's members are open (by id, so a rename keeps it open): page state, not a flow.
  const [managed, setManaged] = useState<string | undefined>();
  const managedOrg = orgs.find((org) => org.id === managed);
  const onChanged = useCallback((org: Org) => teams.send({ type: 'teams.orgChanged', org }), [teams]);

  return (
    <Flex direction="column" gap="5" className="page">
      <Heading as="h1" size="7">
        {title}
      </Heading>

      {/* An answer to an invitation or a further page failed (rename and delete show theirs in place). */}
      {actionError && !deleteAsked && !renameForm && (
        <ErrorCallout>
          <Callout.Text>{errorMessage(intl, actionError, 'teams')}</Callout.Text>
        </ErrorCallout>
      )}
      {ready && <InvitationsSection teams={teams} />}

      <section aria-labelledby="teams-orgs-heading">
        <Heading as="h2" size="5" mb="3" id="teams-orgs-heading">
          {intl.formatMessage({ id: 'teams.yourOrgs' })}
        </Heading>
        {loading && <LoadingStatus label={intl.formatMessage({ id: 'teams.loading' })} />}
        {loadError && (
          <ErrorCallout
            retry={{
              label: intl.formatMessage({ id: 'teams.retry' }),
              onClick: () => teams.send({ type: 'teams.retry' }),
            }}
          >
            <Callout.Text>{errorMessage(intl, loadError, 'teams')}</Callout.Text>
          </ErrorCallout>
        )}
        {deleted && (
          <SuccessCallout mb="3">
            <Callout.Text>{intl.formatMessage({ id: 'teams.deleted' }, { name: deleted })}</Callout.Text>
          </SuccessCallout>
        )}
        {ready && orgs.length === 0 && (
          <Text as="p" color="gray" size="2">
            {intl.formatMessage({ id: 'teams.noOrgs' })}
          </Text>
        )}
        {orgs.length > 0 && (
          <ul className="account-plain-list" data-testid="my-orgs">
            {orgs.map((org) => {
              const canManage = org.role === 'owner' || org.role === 'admin';
              const isOwner = org.role === 'owner';
              const renaming = renameForm?.slug === org.slug;
              return (
                <li key={org.id}>
                  <Card size="1">
                    <Flex align="center" justify="between" gap="3" wrap="wrap">
                      <Flex direction="column" gap="1" minWidth="0">
                        <Link asChild size="3" weight="medium">
                          <RouterLink href={`/org/${encodeURIComponent(org.slug)}`}>{org.name}</RouterLink>
                        </Link>
                        <Flex gap="2" align="center" wrap="wrap">
                          <Badge variant="soft" color="indigo">
                            {org.slug}
                          </Badge>
                          <Badge variant="soft" color={org.role === 'member' ? 'gray' : 'amber'}>
                            {intl.formatMessage({ id: `teams.role.${org.role}` })}
                          </Badge>
                          <Text size="1" color="gray">
                            {intl.formatMessage({ id: 'teams.memberCount' }, { count: org.member_count })}
                          </Text>
                        </Flex>
                      </Flex>
                      <Flex gap="2" wrap="wrap">
                        {canManage && (
                          <Button
                            variant={managed === org.id ? 'solid' : 'soft'}
                            size="1"
                            aria-expanded={managed === org.id}
                            aria-label={intl.formatMessage({ id: 'teams.manageMembersOf' }, { name: org.name })}
                            onClick={() => setManaged(managed === org.id ? undefined : org.id)}
                          >
                            {intl.formatMessage({ id: 'teams.manageMembers' })}
                          </Button>
                        )}
                        {isOwner && (
                          <>
                            <Button
                              ref={(button) => {
                                if (button) renameButtons.current.set(org.id, button);
                                else renameButtons.current.delete(org.id);
                              }}
                              variant="soft"
                              size="1"
                              // The open form's own button stays usable (focus never falls to the page).
                              disabled={!actionIdle && !renaming}
                              aria-expanded={renaming}
                              aria-label={intl.formatMessage({ id: 'teams.renameOf' }, { name: org.name })}
                              onClick={() =>
                                teams.send(
                                  renaming ? { type: 'rename.cancel' } : { type: 'rename.open', slug: org.slug },
                                )
                              }
                            >
                              {intl.formatMessage({ id: 'teams.rename' })}
                            </Button>
                            <Button
                              variant="soft"
                              color="red"
                              size="1"
                              disabled={!actionIdle}
                              aria-label={intl.formatMessage({ id: 'teams.deleteOf' }, { name: org.name })}
                              onClick={() => teams.send({ type: 'delete.ask', slug: org.slug })}
                            >
                              {intl.formatMessage({ id: 'teams.delete' })}
                            </Button>
                          </>
                        )}
                      </Flex>
                    </Flex>
                    {renaming && <RenameOrgForm teams={teams} orgName={org.name} />}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
        {hasMore && (
          <Button mt="3" variant="soft" loading={loadingMore} onClick={() => teams.send({ type: 'teams.more' })}>
            {intl.formatMessage({ id: 'teams.more' })}
          </Button>
        )}
      </section>

      {managedOrg && (
        <>
          <Separator size="4" />
          <OrgMembersPanel
            key={managedOrg.slug}
            slug={managedOrg.slug}
            name={managedOrg.name}
            onChanged={onChanged}
            onClose={() => setManaged(undefined)}
          />
        </>
      )}

      <Separator size="4" />
      {ready && <CreateOrgForm teams={teams} />}
      <DeleteOrgDialog teams={teams} />
    </Flex>
  );
}
