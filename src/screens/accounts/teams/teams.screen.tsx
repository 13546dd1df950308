// /teams: the caller's organizations with their role, the form that creates one, and (for
// owners and admins) the management of an organization's members.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Button, Callout, Card, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import type { Org } from '../../../api/contract';
import { SignedInPage } from '../../../components/accounts/login-required';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { errorMessage } from '../../../i18n/error-message';
import {
  selectLoadError,
  selectOrgs,
  selectOrgsLoading,
  selectOrgsReady,
  teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { CreateOrgForm } from './create-org-form';
import { OrgMembersPanel } from './org-members-panel';
import '../../../components/accounts/accounts.css';

export function TeamsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'teams.title' });

  return <SignedInPage title={title}>{(user) => <Teams key={user.id} title={title} />}</SignedInPage>;
}

function Teams({ title }: { title: string }) {
  const intl = useIntl();
  const teams = useActorRef(teamsMachine);
  const loading = useSelector(teams, selectOrgsLoading);
  const ready = useSelector(teams, selectOrgsReady);
  const orgs = useSelector(teams, selectOrgs);
  const loadError = useSelector(teams, selectLoadError);
  // Which organization's members are open: page state, not a flow.
  const [managed, setManaged] = useState<string | undefined>();
  const managedOrg = orgs.find((org) => org.slug === managed);
  const onChanged = useCallback((org: Org) => teams.send({ type: 'teams.orgChanged', org }), [teams]);

  return (
    <Flex direction="column" gap="5" className="page">
      <Heading as="h1" size="7">
        {title}
      </Heading>

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
        {ready && orgs.length === 0 && (
          <Text as="p" color="gray" size="2">
            {intl.formatMessage({ id: 'teams.noOrgs' })}
          </Text>
        )}
        {orgs.length > 0 && (
          <ul className="account-plain-list" data-testid="my-orgs">
            {orgs.map((org) => {
              const canManage = org.role === 'owner' || org.role === 'admin';
              return (
                <li key={org.slug}>
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
                      {canManage && (
                        <Button
                          variant={managed === org.slug ? 'solid' : 'soft'}
                          size="1"
                          aria-expanded={managed === org.slug}
                          aria-label={intl.formatMessage({ id: 'teams.manageMembersOf' }, { name: org.name })}
                          onClick={() => setManaged(managed === org.slug ? undefined : org.slug)}
                        >
                          {intl.formatMessage({ id: 'teams.manageMembers' })}
                        </Button>
                      )}
                    </Flex>
                  </Card>
                </li>
              );
            })}
          </ul>
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
    </Flex>
  );
}
