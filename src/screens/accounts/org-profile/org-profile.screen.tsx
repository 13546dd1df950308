// /org/{orgSlug}: an organization's public page: initials, name, slug, abbreviation, collection
// count and website, then the Overview (locations) and Collections tabs (public collections it owns
// or maintains: role, owner, slug, View); Collections opens first when there are any.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Card, Flex, Heading, Link, Tabs, Text } from '@radix-ui/themes';
import { GlobeIcon, SewingPinIcon } from '@radix-ui/react-icons';
import type { ProfileCollection, PublicOrg } from '../../../api/contract';
import { PageTitle } from '../../../components/shell/page-title';
import { firstLetters, InitialsAvatar } from '../../../components/accounts/initials-avatar';
import { httpHref } from '../../../components/accounts/safe-href';
import { ResourcePageStatus } from '../../../components/accounts/resource-page-status';
import { orgPageMachine } from '../../../machines/accounts/public-pages.machine';
import { selectNotFound, selectResource } from '../../../machines/resource-page.machine';
import '../../../components/accounts/accounts.css';
import { TitledList } from '../../../components/accounts/titled-list';
import { collectionPath } from '../../../shared/document-path';

export function OrgProfileScreen({ orgSlug }: { orgSlug: string }) {
  return <OrgProfile key={orgSlug} orgSlug={orgSlug} />;
}

/** A user owner by @handle, an organization by its slug. */
const ownerLabel = (collection: ProfileCollection) =>
  collection.owner_type === 'user' ? `@${collection.owner_handle}` : collection.owner_handle;

const TEXTS = {
  loading: 'org.loading',
  notFound: 'org.notFound',
  notFoundText: 'org.notFoundText',
  error: 'org.error',
  retry: 'org.retry',
};

function OrgProfile({ orgSlug }: { orgSlug: string }) {
  const intl = useIntl();
  const page = useActorRef(orgPageMachine, { input: { key: orgSlug } });
  const notFound = useSelector(page, selectNotFound);
  const org = useSelector(page, selectResource);
  const title = notFound ? intl.formatMessage({ id: 'org.notFound' }) : (org?.name ?? orgSlug);

  return (
    <>
      <PageTitle title={title} />
      {org ? (
        <OrgView org={org} />
      ) : (
        <ResourcePageStatus page={page} name={orgSlug} heading={orgSlug} texts={TEXTS} context="org" />
      )}
    </>
  );
}

function OrgView({ org }: { org: PublicOrg }) {
  const intl = useIntl();
  const website = httpHref(org.website);
  const countryName = (code: string) => {
    try {
      return intl.formatDisplayName(code, { type: 'region' }) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <Flex direction="column" gap="5" className="page">
      <Flex gap="4" align="center" wrap="wrap">
        <InitialsAvatar text={firstLetters(org.name)} size={80} />
        <Box minWidth="0">
          <Heading as="h1" size="7">
            {org.name}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap" mt="1">
            <Badge variant="soft" color="indigo">
              {org.slug}
            </Badge>
            {org.abbreviation && (
              <Text size="2" color="gray">
                {org.abbreviation}
              </Text>
            )}
            <Text size="2" color="gray">
              {intl.formatMessage({ id: 'org.collectionCount' }, { count: org.collections.length })}
            </Text>
          </Flex>
          {website && (
            <Flex mt="2">
              <Link href={website} size="2" target="_blank" rel="noopener noreferrer">
                <Flex align="center" gap="1" asChild>
                  <span>
                    <GlobeIcon aria-hidden />
                    {website}
                  </span>
                </Flex>
              </Link>
            </Flex>
          )}
        </Box>
      </Flex>

      <Tabs.Root defaultValue={org.collections.length > 0 ? 'collections' : 'overview'}>
        <Tabs.List aria-label={intl.formatMessage({ id: 'org.tabs' })}>
          <Tabs.Trigger value="overview">{intl.formatMessage({ id: 'org.tab.overview' })}</Tabs.Trigger>
          <Tabs.Trigger value="collections">{intl.formatMessage({ id: 'org.tab.collections' })}</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="overview">
            <TitledList
              title={intl.formatMessage({ id: 'org.locations' })}
              emptyText={intl.formatMessage({ id: 'org.noInfo' })}
              items={org.locations}
              itemKey={(location, index) => `${location.city}-${location.country}-${index}`}
            >
              {(location) => (
                <Flex align="center" gap="2">
                  <SewingPinIcon aria-hidden />
                  <Text size="2">{`${location.city}, ${countryName(location.country)}`}</Text>
                </Flex>
              )}
            </TitledList>
          </Tabs.Content>
          <Tabs.Content value="collections">
            <TitledList
              title={intl.formatMessage({ id: 'org.tab.collections' })}
              emptyText={intl.formatMessage({ id: 'org.noCollections' })}
              items={org.collections}
              itemKey={(collection) => collection.collection_id}
            >
              {(collection) => (
                <Card size="1">
                  <Flex align="center" justify="between" gap="3" wrap="wrap">
                    <Flex direction="column" gap="1" minWidth="0">
                      <Text size="3" weight="medium">
                        {collection.name}
                      </Text>
                      <Flex gap="3" align="center" wrap="wrap">
                        <Badge color={collection.role === 'owner' ? 'indigo' : 'gray'} variant="soft">
                          {intl.formatMessage({ id: `profile.role.${collection.role}` })}
                        </Badge>
                        <Text size="2" color="gray">
                          {intl.formatMessage({ id: 'profile.collection.ownedBy' }, { name: ownerLabel(collection) })}
                        </Text>
                        <Text size="2" color="gray">
                          {intl.formatMessage({ id: 'profile.collection.slug' }, { value: collection.slug })}
                        </Text>
                      </Flex>
                    </Flex>
                    {/* The owner's page: another owner's for a collection the organization maintains. */}
                    <Link asChild size="2">
                      <RouterLink
                        href={collectionPath(collection)}
                        aria-label={intl.formatMessage(
                          { id: 'profile.collection.viewLabel' },
                          { name: collection.name },
                        )}
                      >
                        {intl.formatMessage({ id: 'profile.collection.view' })}
                      </RouterLink>
                    </Link>
                  </Flex>
                </Card>
              )}
            </TitledList>
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Flex>
  );
}
