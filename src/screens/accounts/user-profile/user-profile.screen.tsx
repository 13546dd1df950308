// /u/{username}: a user's public profile: photo or initials, name and handle, bio (as text),
// languages, contact links, public collections with the user's role (linked to the owner's
// collection page) and organizations.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { EnvelopeClosedIcon, GlobeIcon, LinkedInLogoIcon } from '@radix-ui/react-icons';
import type { ProfileCollection, PublicUser } from '../../../api/contract';
import { PageTitle } from '../../../components/shell/page-title';
import { InitialsAvatar, personInitials } from '../../../components/accounts/initials-avatar';
import { httpHref, mailtoHref } from '../../../components/accounts/safe-href';
import { ResourcePageStatus } from '../../../components/accounts/resource-page-status';
import { userPageMachine } from '../../../machines/accounts/public-pages.machine';
import { selectNotFound, selectResource } from '../../../machines/resource-page.machine';
import '../../../components/accounts/accounts.css';
import { TitledList } from '../../../components/accounts/titled-list';
import { collectionPath } from '../../../shared/document-path';

export function UserProfileScreen({ username }: { username: string }) {
  // Another handle is another page: a fresh machine.
  return <UserProfile key={username} username={username} />;
}

/** A user owner by @handle, an organization by its slug. */
const ownerLabel = (collection: ProfileCollection) =>
  collection.owner_type === 'user' ? `@${collection.owner_handle}` : collection.owner_handle;

const TEXTS = {
  loading: 'profile.loading',
  notFound: 'profile.notFound',
  notFoundText: 'profile.notFoundText',
  error: 'profile.error',
  retry: 'profile.retry',
};

function UserProfile({ username }: { username: string }) {
  const intl = useIntl();
  const page = useActorRef(userPageMachine, { input: { key: username } });
  const notFound = useSelector(page, selectNotFound);
  const profile = useSelector(page, selectResource);
  const fullName = profile ? `${profile.name.first} ${profile.name.last}`.trim() : '';
  const title = notFound ? intl.formatMessage({ id: 'profile.notFound' }) : fullName || `@${username}`;

  return (
    <>
      <PageTitle title={title} />
      {profile ? (
        <ProfileView profile={profile} fullName={fullName} />
      ) : (
        <ResourcePageStatus page={page} name={username} heading={`@${username}`} texts={TEXTS} context="user" />
      )}
    </>
  );
}

function ProfileView({ profile, fullName }: { profile: PublicUser; fullName: string }) {
  const intl = useIntl();
  const photo = httpHref(profile.photo_url);
  const email = mailtoHref(profile.email);
  const linkedin = httpHref(profile.links.linkedin);
  const website = httpHref(profile.links.website);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const languageName = (code: string) => {
    try {
      return intl.formatDisplayName(code, { type: 'language' }) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <Flex direction="column" gap="5" className="page">
      <Flex gap="4" align="center" wrap="wrap">
        {photo ? (
          <img
            className="profile-photo"
            src={photo}
            alt={intl.formatMessage({ id: 'profile.photoAlt' }, { name: fullName || profile.username })}
            width={96}
            height={96}
          />
        ) : (
          <InitialsAvatar text={personInitials(profile.name.first, profile.name.last, profile.username)} />
        )}
        <Box minWidth="0">
          <Heading as="h1" size="7">
            {fullName || `@${profile.username}`}
          </Heading>
          <Text as="p" color="gray" size="3">{`@${profile.username}`}</Text>
        </Box>
      </Flex>

      {profile.bio && (
        // Plain text: whatever the user typed (HTML included) is shown as typed.
        <Text as="p" size="3" className="account-bio" data-testid="profile-bio">
          {profile.bio}
        </Text>
      )}

      {(profile.languages.length > 0 || email || linkedin || website) && (
        <Flex direction="column" gap="2">
          {profile.languages.length > 0 && (
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="2" weight="medium">
                {intl.formatMessage({ id: 'profile.languages' })}
              </Text>
              {profile.languages.map((code) => (
                <Badge key={code} variant="soft" color="gray" lang={code}>
                  {languageName(code)}
                </Badge>
              ))}
            </Flex>
          )}
          <Flex gap="4" wrap="wrap">
            {email && (
              <Link href={email} size="2">
                <Flex align="center" gap="1" asChild>
                  <span>
                    <EnvelopeClosedIcon aria-hidden />
                    {profile.email}
                  </span>
                </Flex>
              </Link>
            )}
            {linkedin && (
              <Link href={linkedin} size="2" {...external}>
                <Flex align="center" gap="1" asChild>
                  <span>
                    <LinkedInLogoIcon aria-hidden />
                    {intl.formatMessage({ id: 'profile.linkedin' })}
                  </span>
                </Flex>
              </Link>
            )}
            {website && (
              <Link href={website} size="2" {...external}>
                <Flex align="center" gap="1" asChild>
                  <span>
                    <GlobeIcon aria-hidden />
                    {intl.formatMessage({ id: 'profile.website' })}
                  </span>
                </Flex>
              </Link>
            )}
          </Flex>
        </Flex>
      )}

      <section aria-labelledby="profile-collections-heading">
        <TitledList
          title={intl.formatMessage({ id: 'profile.collections' })}
          headingId="profile-collections-heading"
          emptyText={intl.formatMessage({ id: 'profile.noCollections' })}
          items={profile.collections}
          itemKey={(collection) => collection.collection_id}
        >
          {(collection) => (
            <Card size="1">
              <Flex align="center" justify="between" gap="3">
                <Flex direction="column" gap="1" minWidth="0">
                  {/* The owner's page, which is another user's or an organization's for a maintained one. */}
                  <Link asChild size="3" weight="medium">
                    <RouterLink href={collectionPath(collection)}>{collection.name}</RouterLink>
                  </Link>
                  {collection.role === 'maintainer' && (
                    <Text size="2" color="gray">
                      {intl.formatMessage({ id: 'profile.collection.ownedBy' }, { name: ownerLabel(collection) })}
                    </Text>
                  )}
                </Flex>
                <Badge color={collection.role === 'owner' ? 'indigo' : 'gray'} variant="soft">
                  {intl.formatMessage({ id: `profile.role.${collection.role}` })}
                </Badge>
              </Flex>
            </Card>
          )}
        </TitledList>
      </section>

      <section aria-labelledby="profile-orgs-heading">
        <TitledList
          title={intl.formatMessage({ id: 'profile.organizations' })}
          headingId="profile-orgs-heading"
          emptyText={intl.formatMessage({ id: 'profile.noOrganizations' })}
          items={profile.organizations}
          itemKey={(org) => org.id}
        >
          {(org) => (
            <Flex align="center" gap="2">
              <Link asChild size="3">
                <RouterLink href={`/org/${encodeURIComponent(org.slug)}`}>{org.name}</RouterLink>
              </Link>
              <Badge variant="soft" color="gray">
                {intl.formatMessage({ id: `teams.role.${org.role}` })}
              </Badge>
            </Flex>
          )}
        </TitledList>
      </section>
    </Flex>
  );
}
