// /collections: the caller's collections by scope (Mine, Team with an organization, All), a name
// filter, Refresh, 'Load more' and 'New collection'; a visitor without login gets the public
// directory; above them, a logged-in user's invitations to maintain. The flows live in
// collectionsListMachine and collectionInvitationsMachine.
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Link,
  SegmentedControl,
  Text,
  TextField,
} from '@radix-ui/themes';
import { InfoCircledIcon, MagnifyingGlassIcon, PlusIcon, ReloadIcon } from '@radix-ui/react-icons';
import type { CurrentUser } from '../../../api/contract';
import type { CollectionSummary } from '../../../api/contract/collections';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtomValue, useSetAtom } from '../../../atoms/store';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { showToastAtom } from '../../../components/toast/toast.atoms';
import { collectionInvitationsMachine } from '../../../machines/collections/collection-invitations.machine';
import {
  COLLECTION_SCOPES,
  collectionsListMachine,
  selectCollections,
  selectFilter,
  selectHasMore,
  selectListError,
  selectListStatus,
  selectLoadingMore,
  selectMyOrgs,
  selectOrg,
  selectScope,
  type CollectionScope,
} from '../../../machines/collections/collections-list.machine';
import { collectionFailure, ownerText, visibilityText, VISIBILITY_COLORS } from '../manage/collection-texts';
import { CollectionInvitations } from './collection-invitations';
import { NewCollectionDialog } from './new-collection-dialog';
import '../../../components/accounts/accounts.css';
import './collections-list.css';

type ListActor = ActorRefFrom<typeof collectionsListMachine>;

export function CollectionsListScreen() {
  const intl = useIntl();
  const user = useAtomValue(currentUserAtom);
  const title = intl.formatMessage({ id: 'collections.list.title' });
  return (
    <>
      <PageTitle title={title} />
      {user === undefined ? (
        <LoadingStatus className="page" label={intl.formatMessage({ id: 'collections.list.sessionLoading' })} />
      ) : (
        // Logging in or out starts the list afresh, with the scopes that caller has.
        <CollectionsList key={user?.id ?? 'anonymous'} title={title} user={user} />
      )}
    </>
  );
}

function CollectionsList({ title, user }: { title: string; user: CurrentUser | null }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const showToast = useSetAtom(showToastAtom);
  const list = useActorRef(collectionsListMachine, { input: { signedIn: user !== null } });
  const scope = useSelector(list, selectScope);
  const status = useSelector(list, selectListStatus);
  const error = useSelector(list, selectListError);
  const collections = useSelector(list, selectCollections);
  const hasMore = useSelector(list, selectHasMore);
  const loadingMore = useSelector(list, selectLoadingMore);
  const filter = useSelector(list, selectFilter);
  const filterId = useId();
  const invitations = useActorRef(collectionInvitationsMachine, { input: { signedIn: user !== null } });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // An accepted collection joins the list (Mine, or Team for an organization): ask again.
    const accepted = invitations.on('invitation.accepted', ({ invitation }) => {
      showToast({
        variant: 'success',
        title:
          invitation.maintainer_type === 'org'
            ? {
                id: 'collections.invitations.acceptedOrg',
                values: { name: invitation.collection_name, value: invitation.handle },
              }
            : { id: 'collections.invitations.accepted', values: { name: invitation.collection_name } },
      });
      list.send({ type: 'list.refresh' });
    });
    const declined = invitations.on('invitation.declined', ({ invitation }) => {
      showToast({
        variant: 'success',
        title: { id: 'collections.invitations.declined', values: { name: invitation.collection_name } },
      });
    });
    return () => {
      accepted.unsubscribe();
      declined.unsubscribe();
    };
  }, [invitations, list, showToast]);

  useEffect(() => {
    const subscription = list.on('collection.created', ({ collection }) => {
      showToast({
        variant: 'success',
        title: { id: 'collections.list.create.created', values: { name: collection.name } },
      });
      navigate(`/collections/${collection.id}`);
    });
    return () => subscription.unsubscribe();
  }, [list, navigate, showToast]);

  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="960px" mx="auto" className="collections-list">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h1" size="7" ref={headingRef} tabIndex={-1}>
          {title}
        </Heading>
        {user && (
          <Button onClick={() => list.send({ type: 'create.open' })}>
            <PlusIcon aria-hidden />
            {intl.formatMessage({ id: 'collections.list.new' })}
          </Button>
        )}
      </Flex>
      <Text as="p" color="gray" size="2" mb="4">
        {intl.formatMessage({ id: user ? 'collections.list.intro' : 'collections.list.introPublic' })}
      </Text>

      {user && <CollectionInvitations invitations={invitations} fallbackFocus={headingRef} />}

      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          list.send({ type: 'list.refresh' });
          invitations.send({ type: 'invitations.reload' });
        }}
      >
        <Flex direction="column" gap="3" mb="4">
          {user && <ScopeControl list={list} scope={scope} />}
          {user && scope === 'team' && <OrgField list={list} />}
          <Flex gap="2" align="end" wrap="wrap">
            <Box flexGrow="1" minWidth="200px">
              <Text as="label" htmlFor={filterId} size="2" weight="medium">
                {intl.formatMessage({ id: 'collections.list.filter' })}
              </Text>
              <TextField.Root
                id={filterId}
                mt="1"
                type="search"
                value={filter}
                maxLength={200}
                placeholder={intl.formatMessage({ id: 'collections.list.filterPlaceholder' })}
                onChange={(event) => list.send({ type: 'filter.change', value: event.target.value })}
              >
                <TextField.Slot>
                  <MagnifyingGlassIcon aria-hidden />
                </TextField.Slot>
              </TextField.Root>
            </Box>
            <Button type="submit" variant="soft">
              <ReloadIcon aria-hidden />
              {intl.formatMessage({ id: 'collections.list.refresh' })}
            </Button>
          </Flex>
        </Flex>
      </form>

      {status === 'loading' && <LoadingStatus label={intl.formatMessage({ id: 'collections.list.loading' })} />}
      {status === 'needsOrg' && (
        <Callout.Root color="gray" variant="surface" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{intl.formatMessage({ id: 'collections.list.needsOrg' })}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <ErrorCallout
          mb="3"
          retry={
            status === 'failed'
              ? {
                  label: intl.formatMessage({ id: 'collections.list.retry' }),
                  onClick: () => list.send({ type: 'list.refresh' }),
                }
              : undefined
          }
        >
          <Callout.Text>
            {intl.formatMessage(
              { id: 'collections.list.loadFailed' },
              {
                message: collectionFailure(intl, error, {
                  organization_id: intl.formatMessage({ id: 'collections.list.org' }),
                }),
              },
            )}
          </Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loaded' && collections.length === 0 && (
        <Text as="p" color="gray" role="status">
          {intl.formatMessage({
            id: filter.trim()
              ? 'collections.list.noMatch'
              : user
                ? 'collections.list.empty'
                : 'collections.list.emptyPublic',
          })}
        </Text>
      )}
      {collections.length > 0 && (
        <>
          <ul className="account-plain-list" data-testid="collections">
            {collections.map((collection) => (
              <li key={collection.id}>
                <CollectionRow collection={collection} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <Flex justify="center" mt="4">
              <Button variant="soft" loading={loadingMore} onClick={() => list.send({ type: 'list.more' })}>
                {intl.formatMessage({ id: 'collections.list.more' })}
              </Button>
            </Flex>
          )}
        </>
      )}

      {user && <NewCollectionDialog list={list} user={user} />}
    </Box>
  );
}

function ScopeControl({ list, scope }: { list: ListActor; scope: CollectionScope }) {
  const intl = useIntl();
  return (
    <Box>
      <SegmentedControl.Root
        value={scope}
        aria-label={intl.formatMessage({ id: 'collections.list.scope' })}
        onValueChange={(value) => list.send({ type: 'scope.select', scope: value as CollectionScope })}
      >
        {COLLECTION_SCOPES.map((value) => (
          <SegmentedControl.Item key={value} value={value}>
            {intl.formatMessage({ id: `collections.list.scope.${value}` })}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl.Root>
    </Box>
  );
}

const OTHER = 'other';

/** The Team scope's organization: one of the caller's from a list, or any by its typed id. */
function OrgField({ list }: { list: ListActor }) {
  const intl = useIntl();
  const id = useId();
  const orgs = useSelector(list, selectMyOrgs);
  const org = useSelector(list, selectOrg);
  // Whether the id is typed rather than chosen: how the field looks, not a flow.
  const [typing, setTyping] = useState(false);
  const chosen = orgs.some((candidate) => candidate.id === org) ? org : '';
  const showTyped = orgs.length === 0 || typing;

  return (
    <Flex gap="2" align="end" wrap="wrap">
      {orgs.length > 0 && (
        <Box>
          <Text as="label" htmlFor={`${id}-select`} size="2" weight="medium">
            {intl.formatMessage({ id: 'collections.list.org' })}
          </Text>
          <Box mt="1">
            <select
              id={`${id}-select`}
              className="account-select collections-org-select"
              value={typing ? OTHER : chosen}
              onChange={(event) => {
                const value = event.target.value;
                setTyping(value === OTHER);
                list.send({ type: 'org.change', value: value === OTHER ? '' : value });
              }}
            >
              <option value="">{intl.formatMessage({ id: 'collections.list.orgChoose' })}</option>
              {orgs.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
              <option value={OTHER}>{intl.formatMessage({ id: 'collections.list.orgOther' })}</option>
            </select>
          </Box>
        </Box>
      )}
      {showTyped && (
        <Box flexGrow="1" minWidth="220px">
          <Text as="label" htmlFor={`${id}-typed`} size="2" weight="medium">
            {intl.formatMessage({ id: 'collections.list.orgId' })}
          </Text>
          <TextField.Root
            id={`${id}-typed`}
            mt="1"
            value={org}
            maxLength={100}
            spellCheck={false}
            autoCapitalize="none"
            placeholder="00000000-0000-0000-0000-000000000000"
            onChange={(event) => list.send({ type: 'org.change', value: event.target.value })}
          />
        </Box>
      )}
    </Flex>
  );
}

function CollectionRow({ collection }: { collection: CollectionSummary }) {
  const intl = useIntl();
  return (
    <Card size="1" data-testid={`collection-${collection.id}`}>
      <Flex direction="column" gap="1" minWidth="0">
        <Flex justify="between" gap="2" wrap="wrap" align="baseline">
          <Link asChild size="3" weight="medium" className="collections-name">
            <RouterLink href={`/collections/${collection.id}`}>{collection.name}</RouterLink>
          </Link>
          <Text size="2" color="gray">
            {intl.formatMessage({ id: 'collections.list.documents' }, { count: collection.document_count })}
          </Text>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">{ownerText(intl, collection)}</Text>
          <Badge variant="soft" highContrast color={VISIBILITY_COLORS[collection.visibility]}>
            {visibilityText(intl, collection.visibility)}
          </Badge>
          {collection.public_path && (
            <Link asChild size="2">
              <RouterLink
                href={collection.public_path}
                aria-label={intl.formatMessage({ id: 'collections.list.publicPageOf' }, { name: collection.name })}
              >
                {intl.formatMessage({ id: 'collections.list.publicPage' })}
              </RouterLink>
            </Link>
          )}
        </Flex>
        {collection.description && (
          <Text as="p" size="2" color="gray" className="collections-description">
            {collection.description}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
