// The document page (/documents/{id}-{slug}): breadcrumb, versions, the structure tree, the text
// and the statistics. The document-page machine owns the document, its versions, its text and
// the address (`branch`, `node`, history replace); this screen renders it and sends it events.
// Inside a collection it opens only once the collection holds it, at the item's pinned version;
// publicly it names the public collections that hold it.
import { useCallback, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Grid, Heading, Link, Skeleton, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import type { Node } from '../../../api/contract';
import type { PublicCollectionDocument } from '../../../api/contract/collections';
import type { DocumentScreenProps } from '../../screen-props';
import { documentIdFromSegment, documentPath } from '../../../shared/document-path';
import {
  addressWith,
  documentPageMachine,
  selectDetail,
  selectNode,
  selectSearch,
  selectSegment,
  selectText,
  selectTextBranch,
  selectVersions,
} from '../../../machines/reader/document-page.machine';
import {
  selectDetailError,
  selectDocument,
  selectNodes,
  selectNodesLoaded,
  selectNotFound,
} from '../../../machines/reader/document-detail.machine';
import {
  selectBranchError,
  selectBranchStatus,
  selectBranches,
  selectSelectedBranchId,
} from '../../../machines/reader/branch-selection.machine';
import { errorMessage } from '../../../i18n/error-message';
import { StructureTree } from '../../../components/structure-tree/structure-tree';
import { TextViewer } from '../../../components/text-viewer/text-viewer';
import { DocumentStats } from '../../../components/document-stats/document-stats';
import { VersionSelector } from '../../../components/version-selector/version-selector';
import { PinButton } from '../../../components/pin-button/pin-button';
import { PageTitle } from '../../../components/shell/page-title';
import { useDocumentVisit } from '../../../components/accounts/use-document-visit';
import { Breadcrumbs } from '../../../components/breadcrumbs/breadcrumbs';
import { pinnedBranchOf } from '../../../machines/collections/public-collection-document.machine';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtomValue } from '../../../atoms/store';
import { InCollection } from './collection-context';
import { backTarget, placeCrumbs } from './document-place';
import { PinNotice } from './pin-notice';
import { PublicCollections } from './public-collections';
import './document-detail.css';

export function DocumentDetailScreen(props: DocumentScreenProps) {
  const documentId = documentIdFromSegment(props.idSlug);
  if (!documentId)
    return <Problem titleId="reader.detail.invalidId" helpId="reader.detail.invalidIdHelp" place={props} />;
  // A new document (or collection) is a new page: a fresh machine, fresh head.
  if (props.context === 'collection' && props.collection)
    return (
      <InCollection key={`${props.basePath}|${documentId}`} address={props.collection} documentId={documentId}>
        {(view) => <DocumentDetail documentId={documentId} {...props} inCollection={view} />}
      </InCollection>
    );
  return <DocumentDetail key={documentId} documentId={documentId} {...props} />;
}

type DocumentDetailProps = DocumentScreenProps & {
  documentId: string;
  /** The collection holding the document, in the collection context. */
  inCollection?: PublicCollectionDocument;
};

function DocumentDetail(props: DocumentDetailProps) {
  const { documentId, idSlug, basePath, context, inCollection } = props;
  const intl = useIntl();
  const search = useSearch();
  const [, navigate] = useLocation();
  const item = inCollection?.item;
  const pinnedBranch = item ? pinnedBranchOf(item) : undefined;
  const page = useActorRef(
    documentPageMachine.provide({
      actions: { navigate: (_, { path }) => navigate(`~${path}`, { replace: true }) },
    }),
    { input: { documentId, idSlug, basePath, search, defaultBranch: pinnedBranch } },
  );
  // The address is the machine's: back, forward and links come in as events.
  useEffect(() => page.send({ type: 'address.change', search }), [page, search]);

  const detail = useSelector(page, selectDetail);
  const versions = useSelector(page, selectVersions);
  const text = useSelector(page, selectText);
  const textBranch = useSelector(page, selectTextBranch);
  const selectedNodeId = useSelector(page, selectNode);
  const segment = useSelector(page, selectSegment);
  const pageSearch = useSelector(page, selectSearch);
  const doc = useSelector(detail, selectDocument);
  const nodes = useSelector(detail, selectNodes);
  const nodesLoaded = useSelector(detail, selectNodesLoaded);
  const notFound = useSelector(detail, selectNotFound);
  const error = useSelector(detail, selectDetailError);
  const branchStatus = useSelector(versions, selectBranchStatus);
  const branches = useSelector(versions, selectBranches);
  const selectedBranchId = useSelector(versions, selectSelectedBranchId);
  const branchError = useSelector(versions, selectBranchError);
  // Reading history: 2 s on this page counts one visit of a logged-in reader.
  useDocumentVisit(documentId);
  // Only a logged-in reader translates (into their own layer): anonymous readers get no link.
  const signedIn = Boolean(useAtomValue(currentUserAtom));

  // The tree and the statistics are the page's largest renders: they follow in a background
  // (yielding) render, so the first text on screen does not wait for them to be painted.
  const structureNodes = useDeferredValue(nodesLoaded ? nodes : undefined);

  const selectNodeId = useCallback((nodeId: string) => page.send({ type: 'node.select', nodeId }), [page]);
  const nodeHref = useCallback(
    (nodeId: string) => addressWith({ basePath, segment, search: pageSearch }, { node: nodeId }),
    [basePath, segment, pageSearch],
  );

  const head = (
    <>
      <PageTitle title={doc?.title} />
      {doc && <link rel="canonical" href={new URL(documentPath(doc.id, doc.title), window.location.origin).href} />}
      {context !== 'public' && <meta name="robots" content="noindex" />}
    </>
  );

  if (notFound)
    return (
      <>
        {head}
        <Problem
          titleId="reader.detail.notFound"
          helpId="reader.detail.notFoundHelp"
          place={props}
          view={inCollection}
        />
      </>
    );

  const title = doc?.title;
  const followsPin = !new URLSearchParams(pageSearch).has('branch');
  const address = { basePath, segment, search: pageSearch };
  return (
    <Box p={{ initial: '3', sm: '5' }} className="document-detail">
      {head}
      <Flex direction="column" gap="3" mb="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Breadcrumbs
            label={intl.formatMessage({ id: 'reader.detail.breadcrumb' })}
            crumbs={placeCrumbs(intl, props, inCollection)}
            current={title ?? '…'}
          />
          <BackToListLink place={props} view={inCollection} size="2" />
        </Flex>

        {doc ? (
          <>
            <Heading as="h1" size={{ initial: '5', md: '6' }} className="document-title">
              {doc.title}
            </Heading>
            <Flex gap="2" wrap="wrap" align="center">
              <Badge color="indigo" variant="soft" size="2">
                {doc.external_id}
              </Badge>
              {doc.metadata.kind && (
                <Badge color="gray" variant="soft" size="2">
                  {doc.metadata.kind}
                </Badge>
              )}
              {doc.metadata.issuer && (
                <Text size="2" color="gray">
                  {doc.metadata.issuer}
                </Text>
              )}
              <PinButton documentId={doc.id} />
            </Flex>
            {item?.note && (
              <Text as="p" size="2" color="gray" className="document-collection-note">
                <strong>{intl.formatMessage({ id: 'reader.context.collectionNote' })}:</strong> {item.note}
              </Text>
            )}
            {context === 'public' && <PublicCollections documentId={doc.id} />}
          </>
        ) : (
          !error && (
            <Box role="status" aria-busy aria-label={intl.formatMessage({ id: 'reader.detail.loading' })}>
              <Skeleton height="36px" width="60%" mb="2" />
              <Skeleton height="22px" width="200px" />
            </Box>
          )
        )}
        <VersionSelector
          status={branchStatus}
          branches={branches}
          selectedBranchId={selectedBranchId}
          error={branchError}
          onSelect={(branchId) => page.send({ type: 'branch.select', branchId })}
          onRetry={() => page.send({ type: 'branches.retry' })}
          basePath={basePath}
          idSlug={segment}
        />
        {item?.as_of && pinnedBranch && (
          <PinNotice
            asOf={item.as_of}
            followsPin={followsPin}
            latestHref={addressWith(address, { branch: 'main', node: undefined })}
            pinnedHref={addressWith(address, { branch: undefined, node: undefined })}
          />
        )}
      </Flex>

      {error && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {intl.formatMessage({ id: 'reader.detail.loadFailed' }, { message: errorMessage(intl, error, 'document') })}{' '}
            <Button size="1" variant="soft" color="red" onClick={() => page.send({ type: 'document.retry' })}>
              {intl.formatMessage({ id: 'reader.retry' })}
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}

      {!error && (
        <Grid
          columns={{ initial: '1', lg: '240px minmax(0, 1fr) 270px', xl: '300px minmax(0, 1fr) 280px' }}
          gap={{ initial: '5', lg: '4', xl: '5' }}
        >
          <Column headingId="document-structure-heading" title={intl.formatMessage({ id: 'reader.detail.structure' })}>
            {structureNodes ? (
              <StructureTree nodes={structureNodes} selectedNodeId={selectedNodeId} onSelect={selectNodeId} />
            ) : (
              <ColumnSkeleton lines={8} />
            )}
          </Column>
          <Column headingId="document-text-heading" title={intl.formatMessage({ id: 'reader.detail.text' })}>
            {/* Starts with the page, beside the document and its structure: the text needs only the id. */}
            <TextViewer
              key={textBranch ?? ''}
              actor={text}
              nodes={nodesLoaded ? nodes : NO_NODES}
              selectedNodeId={selectedNodeId}
              onSelectNode={selectNodeId}
              nodeHref={nodeHref}
              editorHref={signedIn ? editorHref : undefined}
            />
          </Column>
          <Column headingId="document-about-heading" title={intl.formatMessage({ id: 'reader.detail.about' })}>
            {structureNodes && doc ? (
              <DocumentStats document={doc} nodes={structureNodes} />
            ) : (
              <ColumnSkeleton lines={6} />
            )}
          </Column>
        </Grid>
      )}
    </Box>
  );
}

const NO_NODES: readonly Node[] = [];
const editorHref = (fragmentId: string) => `/editor/${fragmentId}`;

/** One of the page's three columns: a section named by its heading. */
function Column({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <Box asChild minWidth="0">
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="3" id={headingId}>
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  );
}

function ColumnSkeleton({ lines }: { lines: number }) {
  return (
    <Flex direction="column" gap="2" aria-hidden>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height="18px" width={`${60 + ((index * 17) % 40)}%`} />
      ))}
    </Flex>
  );
}

function Problem({
  titleId,
  helpId,
  place,
  view,
}: {
  titleId: string;
  helpId: string;
  place: DocumentScreenProps;
  view?: PublicCollectionDocument;
}) {
  const intl = useIntl();
  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="720px">
      <Heading as="h1" size="6" mb="3">
        {intl.formatMessage({ id: titleId })}
      </Heading>
      <Callout.Root color="gray" variant="surface" mb="4">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{intl.formatMessage({ id: helpId })}</Callout.Text>
      </Callout.Root>
      <BackToListLink place={place} view={view} />
    </Box>
  );
}

/** The way back: the documents list publicly, else the profile or the collection. */
function BackToListLink({
  place,
  view,
  size,
}: {
  place: DocumentScreenProps;
  view?: PublicCollectionDocument;
  size?: '2';
}) {
  const intl = useIntl();
  const back = backTarget(place, view);
  return (
    <Link asChild size={size}>
      <RouterLink href={`~${back.href}`}>
        <Flex align="center" gap="1" asChild>
          <span>
            <ArrowLeftIcon aria-hidden />
            {intl.formatMessage({ id: back.labelId })}
          </span>
        </Flex>
      </RouterLink>
    </Link>
  );
}
