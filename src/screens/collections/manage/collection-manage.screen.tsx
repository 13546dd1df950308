// /collections/{id}: one collection to read and, by role, to manage: its owner renames, deletes,
// publishes it, chooses who reads it before that (an organization's: Private or Team) and invites
// maintainers; owner and maintainers order its documents with notes and
// pins; a reader only reads. The flow lives in collectionManageMachine (and, for publishing,
// collectionPublishMachine).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Callout, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { useSetAtom } from '../../../atoms/store';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { showToastAtom } from '../../../components/toast/toast.atoms';
import {
  canChooseVisibility,
  collectionManageMachine,
  selectCollection,
  selectLoadError,
  selectManageStatus,
} from '../../../machines/collections/collection-manage.machine';
import { CollectionDetails } from './collection-details';
import { CollectionItems } from './collection-items';
import { CollectionMaintainers } from './collection-maintainers';
import { CollectionPublishPanel } from './collection-publish-panel';
import { collectionFailure, ownerText, visibilityText, VISIBILITY_COLORS } from './collection-texts';
import { CollectionVisibility } from './collection-visibility';
import '../../../components/accounts/accounts.css';
import './collection-manage.css';

export function CollectionManageScreen({ collectionId }: { collectionId: string }) {
  // Another collection's address starts afresh.
  return <CollectionManage key={collectionId} collectionId={collectionId} />;
}

function CollectionManage({ collectionId }: { collectionId: string }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const showToast = useSetAtom(showToastAtom);
  const manage = useActorRef(collectionManageMachine, { input: { id: collectionId } });
  const status = useSelector(manage, selectManageStatus);
  const collection = useSelector(manage, selectCollection);
  const loadError = useSelector(manage, selectLoadError);

  useEffect(() => {
    const subscription = manage.on('collection.deleted', ({ collection: deleted }) => {
      showToast({ variant: 'success', title: { id: 'collections.manage.deleted', values: { name: deleted.name } } });
      navigate('/collections');
    });
    return () => subscription.unsubscribe();
  }, [manage, navigate, showToast]);

  useEffect(() => {
    const added = manage.on('maintainer.added', ({ maintainer }) => {
      if (maintainer?.pending) {
        const name = maintainer.maintainer_type === 'user' ? `@${maintainer.handle}` : maintainer.handle;
        showToast({ variant: 'success', title: { id: 'collections.manage.maintainers.invited', values: { name } } });
      } else {
        showToast({ variant: 'success', title: { id: 'collections.manage.maintainers.added' } });
      }
    });
    const saved = manage.on('visibility.saved', ({ visibility }) => {
      showToast({
        variant: 'success',
        title: { id: 'collections.manage.access.saved', values: { value: visibilityText(intl, visibility) } },
      });
    });
    return () => {
      added.unsubscribe();
      saved.unsubscribe();
    };
  }, [intl, manage, showToast]);

  const back = (
    <Link asChild size="2">
      <RouterLink href="/collections">
        <Flex as="span" align="center" gap="1">
          <ArrowLeftIcon aria-hidden />
          {intl.formatMessage({ id: 'collections.manage.back' })}
        </Flex>
      </RouterLink>
    </Link>
  );

  if (status === 'loading' || status === 'deleted') {
    return (
      <>
        <PageTitle title={intl.formatMessage({ id: 'collections.manage.title' })} />
        <LoadingStatus className="page" label={intl.formatMessage({ id: 'collections.manage.loading' })} />
      </>
    );
  }
  if (status === 'notFound' || status === 'failed' || !collection) {
    const notFound = status === 'notFound';
    const heading = intl.formatMessage({ id: notFound ? 'collections.manage.notFound' : 'collections.manage.title' });
    return (
      <Flex direction="column" align="start" gap="3" className="page">
        <PageTitle title={heading} />
        {back}
        <Heading as="h1" size="7">
          {heading}
        </Heading>
        {notFound ? (
          <Text as="p" color="gray">
            {intl.formatMessage({ id: 'collections.manage.notFoundText' })}
          </Text>
        ) : (
          loadError && (
            <ErrorCallout
              retry={{
                label: intl.formatMessage({ id: 'collections.manage.retry' }),
                onClick: () => manage.send({ type: 'collection.retry' }),
              }}
            >
              <Callout.Text>
                {intl.formatMessage(
                  { id: 'collections.manage.loadFailed' },
                  { message: collectionFailure(intl, loadError) },
                )}
              </Callout.Text>
            </ErrorCallout>
          )
        )}
      </Flex>
    );
  }

  const isOwner = collection.role === 'owner';
  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="960px" mx="auto" className="collection-manage">
      <PageTitle title={collection.name} />
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="2" align="start">
          {back}
          <Heading as="h1" size="7" className="collection-wrap">
            {collection.name}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2">{ownerText(intl, collection)}</Text>
            <Badge variant="soft" highContrast color={VISIBILITY_COLORS[collection.visibility]}>
              {visibilityText(intl, collection.visibility)}
            </Badge>
            <Badge variant="outline" color="gray" highContrast>
              {intl.formatMessage({ id: `collections.manage.role.${collection.role}` })}
            </Badge>
            <Text size="2" color="gray">
              {intl.formatMessage({ id: 'collections.list.documents' }, { count: collection.document_count })}
            </Text>
          </Flex>
          {collection.description && (
            <Text as="p" className="collection-wrap collection-description">
              {collection.description}
            </Text>
          )}
          {collection.visibility === 'public' && collection.public_path && (
            <Text as="p" size="2">
              {intl.formatMessage({ id: 'collections.publish.address' })}{' '}
              <Link asChild>
                <RouterLink href={collection.public_path} className="collection-wrap" data-testid="public-address">
                  {collection.public_path}
                </RouterLink>
              </Link>
            </Text>
          )}
        </Flex>

        {isOwner && (
          <>
            <Separator size="4" />
            <CollectionDetails manage={manage} />
          </>
        )}
        {canChooseVisibility(collection) && (
          <>
            <Separator size="4" />
            <CollectionVisibility manage={manage} />
          </>
        )}
        <Separator size="4" />
        <CollectionItems manage={manage} collectionId={collection.id} />
        <Separator size="4" />
        <CollectionMaintainers manage={manage} />
        {isOwner && (
          <>
            <Separator size="4" />
            <CollectionPublishPanel
              collection={collection}
              onPublished={(changed) => manage.send({ type: 'collection.changed', collection: changed })}
            />
          </>
        )}
      </Flex>
    </Box>
  );
}
