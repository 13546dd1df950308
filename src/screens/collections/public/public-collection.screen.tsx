// A published collection's page (/u|org/{handle}/{slug}, also .../collections/{slug}): breadcrumb
// to its owner, name, description, whose it is, how many documents, then its documents in order
// with note and pin, each opening inside the collection; 'Load more' pages on. The canonical
// address is /u|org/{handle}/{slug} whichever shape was opened.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Button, Callout, Card, Flex, Heading, Link, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ActorRefFrom } from 'xstate';
import type { CollectionItem, PublicCollection } from '../../../api/contract/collections';
import {
  publicCollectionMachine,
  selectError,
  selectHasMore,
  selectItems,
  selectLoadingMore,
  selectMoreError,
  selectPage,
  selectStatus,
  type OwnerCollectionAddress,
} from '../../../machines/collections/public-collection.machine';
import { documentPath } from '../../../shared/document-path';
import { effectiveDate } from '../../../components/version-selector/branch-label';
import { errorMessage } from '../../../i18n/error-message';
import { Breadcrumbs } from '../../../components/breadcrumbs/breadcrumbs';
import { ownerCrumbs } from '../../../components/breadcrumbs/trails';
import { ErrorCallout } from '../../../components/status/error-callout';
import { PageTitle } from '../../../components/shell/page-title';
import { CollectionStatus } from './collection-status';
import './public-collection.css';

export interface PublicCollectionScreenProps {
  address: OwnerCollectionAddress;
  /** The page's own path as opened (documents open below it). */
  basePath: string;
}

export function PublicCollectionScreen(props: PublicCollectionScreenProps) {
  // Another address is another collection: a fresh machine.
  return <PublicCollectionPage key={props.basePath} {...props} />;
}

function PublicCollectionPage({ address, basePath }: PublicCollectionScreenProps) {
  const actor = useActorRef(publicCollectionMachine, { input: { address } });
  const status = useSelector(actor, selectStatus);
  const page = useSelector(actor, selectPage);
  const error = useSelector(actor, selectError);
  if (status !== 'loaded' || !page)
    return (
      <CollectionStatus
        status={status === 'loaded' ? 'loading' : status}
        error={error}
        onRetry={() => actor.send({ type: 'page.retry' })}
      />
    );
  return <CollectionView actor={actor} page={page} basePath={basePath} />;
}

type PublicCollectionActor = ActorRefFrom<typeof publicCollectionMachine>;

function CollectionView({
  actor,
  page,
  basePath,
}: {
  actor: PublicCollectionActor;
  page: PublicCollection;
  basePath: string;
}) {
  const intl = useIntl();
  const { collection, owner } = page;
  const items = useSelector(actor, selectItems);

  return (
    <Flex direction="column" gap="4" className="page public-collection">
      <PageTitle title={collection.name} />
      <link rel="canonical" href={new URL(page.canonical_path, window.location.origin).href} />
      {collection.visibility !== 'public' && <meta name="robots" content="noindex" />}
      <Breadcrumbs
        label={intl.formatMessage({ id: 'collections.public.breadcrumb' })}
        crumbs={ownerCrumbs(intl, owner)}
        current={collection.name}
      />
      <Flex direction="column" gap="2">
        <Heading as="h1" size="7" className="public-collection-name">
          {collection.name}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          <Badge size="2" variant="soft" highContrast color={owner.type === 'org' ? 'iris' : 'green'}>
            {intl.formatMessage({
              id: owner.type === 'org' ? 'collections.public.organization' : 'collections.public.personal',
            })}
          </Badge>
          <Text size="2" color="gray" data-testid="collection-count">
            {intl.formatMessage({ id: 'collections.public.documentCount' }, { count: collection.document_count })}
          </Text>
          {collection.visibility !== 'public' && (
            <Text size="2" color="gray">
              {intl.formatMessage({ id: 'collections.public.notPublic' })}
            </Text>
          )}
        </Flex>
        {collection.description && (
          // Plain text as the owner typed it.
          <Text as="p" size="3" className="public-collection-description" data-testid="collection-description">
            {collection.description}
          </Text>
        )}
      </Flex>

      <section aria-labelledby="public-collection-documents">
        <Heading as="h2" size="5" mb="3" id="public-collection-documents">
          {intl.formatMessage({ id: 'collections.public.documents' })}
        </Heading>
        {items.length === 0 ? (
          <Text as="p" color="gray">
            {intl.formatMessage({ id: 'collections.public.empty' })}
          </Text>
        ) : (
          <ol className="public-collection-items" data-testid="collection-items">
            {items.map((item) => (
              <ItemRow key={item.document_id} item={item} basePath={basePath} />
            ))}
          </ol>
        )}
        <MoreItems actor={actor} />
      </section>
    </Flex>
  );
}

function ItemRow({ item, basePath }: { item: CollectionItem; basePath: string }) {
  const intl = useIntl();
  const { as_of: asOf } = item;
  return (
    <li>
      <Card size="2">
        <Flex direction="column" gap="2">
          <Link asChild size="3" weight="medium">
            <RouterLink href={`~${documentPath(item.document_id, item.metadata.title, basePath)}`}>
              {item.metadata.title}
            </RouterLink>
          </Link>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color="indigo" variant="soft" highContrast>
              {item.external_id}
            </Badge>
            <Badge color={asOf ? 'amber' : 'gray'} variant="soft" highContrast data-testid="item-pin">
              {asOf
                ? // The reader's form of a date of effect, as on the pin notice the document opens with.
                  intl.formatMessage({ id: 'collections.public.asOf' }, { date: effectiveDate(intl, asOf) })
                : intl.formatMessage({ id: 'collections.public.latest' })}
            </Badge>
          </Flex>
          {item.note && (
            <Text as="p" size="2" color="gray" className="public-collection-note">
              <VisuallyHidden>{`${intl.formatMessage({ id: 'collections.public.note' })}: `}</VisuallyHidden>
              {item.note}
            </Text>
          )}
        </Flex>
      </Card>
    </li>
  );
}

function MoreItems({ actor }: { actor: PublicCollectionActor }) {
  const intl = useIntl();
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreError = useSelector(actor, selectMoreError);
  return (
    <Flex direction="column" align="start" gap="3" mt="3">
      {moreError && (
        <ErrorCallout>
          <Callout.Text>
            {intl.formatMessage({ id: 'collections.public.moreFailed' }, { message: errorMessage(intl, moreError) })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {loadingMore && (
        <Text size="2" color="gray" role="status">
          {intl.formatMessage({ id: 'collections.public.loadingMore' })}
        </Text>
      )}
      {hasMore && (
        <Button variant="soft" disabled={loadingMore} onClick={() => actor.send({ type: 'items.more' })}>
          {intl.formatMessage({ id: 'collections.public.loadMore' })}
        </Button>
      )}
    </Flex>
  );
}
