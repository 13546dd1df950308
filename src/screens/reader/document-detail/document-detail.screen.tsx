// The document page (/documents/{id}-{slug}): breadcrumb, versions, the structure tree, the text
// and the statistics. `branch` and `node` live in the address (history replace). The text starts
// loading with the page, in parallel with the document, its structure and its versions.
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Grid, Heading, Link, Skeleton, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import type { Node } from '../../../api/contract';
import type { DocumentScreenProps } from '../../screen-props';
import { detailPath, documentIdFromSegment, documentPath, documentSegment } from '../../../shared/document-path';
import { documentDetailMachine, type DocumentDetailContext } from '../../../machines/reader/document-detail.machine';
import {
  branchSelectionMachine,
  findBranch,
  type BranchSelectionContext,
} from '../../../machines/reader/branch-selection.machine';
import { StructureTree } from '../../../components/structure-tree/structure-tree';
import { TextViewer } from '../../../components/text-viewer/text-viewer';
import { DocumentStats } from '../../../components/document-stats/document-stats';
import { VersionSelector } from '../../../components/version-selector/version-selector';
import { PinButton } from '../../../components/pin-button/pin-button';
import { useDocumentVisit } from '../../../components/accounts/use-document-visit';
import { useDocumentHead } from './use-document-head';
import { withQuery, type DetailQuery } from './detail-address';
import './document-detail.css';

type DetailSnapshot = { context: DocumentDetailContext; value: unknown };
type BranchSnapshot = { context: BranchSelectionContext; value: unknown };
const selectDetailStatus = (s: DetailSnapshot) =>
  s.value as 'checking' | 'invalidId' | 'loading' | 'loaded' | 'error' | 'notFound';
const selectDocument = (s: DetailSnapshot) => s.context.document;
const selectNodes = (s: DetailSnapshot) => s.context.nodes;
const selectDetailError = (s: DetailSnapshot) => s.context.error;
const selectBranchStatus = (s: BranchSnapshot) => s.value as 'loading' | 'loaded' | 'empty' | 'error';
const selectBranches = (s: BranchSnapshot) => s.context.branches;
const selectSelectedBranch = (s: BranchSnapshot) => s.context.selectedBranchId;
const selectBranchError = (s: BranchSnapshot) => s.context.error;
const NO_NODES: readonly Node[] = [];

export function DocumentDetailScreen(props: DocumentScreenProps) {
  const documentId = documentIdFromSegment(props.idSlug);
  // A new document is a new page: fresh machines, fresh head.
  return documentId ? (
    <DocumentDetail key={documentId} documentId={documentId} {...props} />
  ) : (
    <Problem titleId="reader.detail.invalidId" helpId="reader.detail.invalidIdHelp" basePath={props.basePath} />
  );
}

function DocumentDetail({ documentId, idSlug, basePath, context }: DocumentScreenProps & { documentId: string }) {
  const intl = useIntl();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const branchQuery = params.get('branch') ?? undefined;
  const nodeQuery = params.get('node') ?? undefined;

  const detail = useActorRef(documentDetailMachine, { input: { idSlug, branch: branchQuery } });
  const versions = useActorRef(branchSelectionMachine, { input: { documentId, requested: branchQuery } });
  const status = useSelector(detail, selectDetailStatus);
  const doc = useSelector(detail, selectDocument);
  const nodes = useSelector(detail, selectNodes);
  const error = useSelector(detail, selectDetailError);
  const branchStatus = useSelector(versions, selectBranchStatus);
  const branches = useSelector(versions, selectBranches);
  const selectedBranchId = useSelector(versions, selectSelectedBranch);
  const branchError = useSelector(versions, selectBranchError);
  // Reading history: 2 s on this page counts one visit of a logged-in reader.
  useDocumentVisit(documentId);

  // The text starts with the address's branch (name or id) at once; a name the document does not
  // have falls back to main once the list of versions says so, as the document itself does.
  const textBranch =
    branchQuery !== undefined && (branchStatus === 'loading' || selectedBranchId !== undefined)
      ? branchQuery
      : undefined;
  const nodesLoaded = status === 'loaded';
  // The tree and the statistics are the page's largest renders: they follow in a background
  // (yielding) render, so the first text on screen does not wait for them to be painted.
  const structureNodes = useDeferredValue(nodesLoaded ? nodes : undefined);

  const canonicalSegment = doc ? documentSegment(doc.id, doc.title) : undefined;
  const segment = canonicalSegment ?? idSlug;
  const setQuery = useCallback(
    (changes: DetailQuery) =>
      navigate(`~${detailPath(basePath, segment)}${withQuery(search, changes)}`, { replace: true }),
    [navigate, basePath, segment, search],
  );

  // A wrong or missing slug is corrected in place, keeping the query.
  useEffect(() => {
    if (canonicalSegment && canonicalSegment !== idSlug) {
      navigate(`~${detailPath(basePath, canonicalSegment)}${search ? `?${search}` : ''}`, { replace: true });
    }
  }, [canonicalSegment, idSlug, basePath, search, navigate]);

  // The address's branch drives the selection; the document and its structure load with the
  // same branch value as the text, so opening `?branch=` (or choosing main) loads them once.
  useEffect(() => versions.send({ type: 'branch.request', requested: branchQuery }), [versions, branchQuery]);
  useEffect(() => detail.send({ type: 'branch.change', branch: textBranch }), [detail, textBranch]);

  useDocumentHead({
    title: doc?.title,
    canonicalPath: doc ? documentPath(doc.id, doc.title) : undefined,
    noindex: context !== 'public',
  });

  // Every choice of a node (even the same one again) scrolls the text to it.
  const [jump, setJump] = useState(0);
  const selectNode = useCallback(
    (nodeId: string) => {
      setJump((count) => count + 1);
      setQuery({ node: nodeId });
    },
    [setQuery],
  );
  const nodeHref = useCallback(
    (nodeId: string) => `${detailPath(basePath, segment)}${withQuery(search, { node: nodeId })}`,
    [basePath, segment, search],
  );
  const selectBranch = (branchId: string) => {
    const branch = findBranch(branches, branchId);
    // Node ids belong to one version: a new version starts at its top.
    setQuery({ branch: branch?.name, node: undefined });
  };

  if (status === 'notFound')
    return <Problem titleId="reader.detail.notFound" helpId="reader.detail.notFoundHelp" basePath={basePath} />;

  const title = doc?.title;
  return (
    <Box p={{ initial: '3', sm: '5' }} className="document-detail">
      <Flex direction="column" gap="3" mb="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <nav aria-label={intl.formatMessage({ id: 'reader.detail.breadcrumb' })}>
            <ol className="document-breadcrumb">
              <li>
                <Link asChild size="2">
                  <RouterLink href={`~${basePath}/documents`}>
                    {intl.formatMessage({ id: 'reader.detail.documents' })}
                  </RouterLink>
                </Link>
              </li>
              <li aria-hidden className="document-breadcrumb-separator">
                <ChevronRightIcon />
              </li>
              <li aria-current="page">
                <Text size="2" color="gray" className="document-breadcrumb-current">
                  {title ?? '…'}
                </Text>
              </li>
            </ol>
          </nav>
          <BackToListLink basePath={basePath} size="2" />
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
          </>
        ) : (
          status !== 'error' && (
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
          onSelect={selectBranch}
          onRetry={() => versions.send({ type: 'branches.retry' })}
          basePath={basePath}
          idSlug={segment}
        />
      </Flex>

      {status === 'error' && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {intl.formatMessage({ id: 'reader.detail.error' })}: {error}{' '}
            <Button size="1" variant="soft" color="red" onClick={() => detail.send({ type: 'document.retry' })}>
              {intl.formatMessage({ id: 'reader.retry' })}
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}

      {status !== 'error' && (
        <Grid
          columns={{ initial: '1', lg: '240px minmax(0, 1fr) 270px', xl: '300px minmax(0, 1fr) 280px' }}
          gap={{ initial: '5', lg: '4', xl: '5' }}
        >
          <Box asChild minWidth="0">
            <section aria-labelledby="document-structure-heading">
              <Heading as="h2" size="4" mb="3" id="document-structure-heading">
                {intl.formatMessage({ id: 'reader.detail.structure' })}
              </Heading>
              {structureNodes ? (
                <StructureTree nodes={structureNodes} selectedNodeId={nodeQuery} onSelect={selectNode} />
              ) : (
                <ColumnSkeleton lines={8} />
              )}
            </section>
          </Box>
          <Box asChild minWidth="0">
            <section aria-labelledby="document-text-heading">
              <Heading as="h2" size="4" mb="3" id="document-text-heading">
                {intl.formatMessage({ id: 'reader.detail.text' })}
              </Heading>
              {/* Starts with the page, beside the document and its structure: the text needs only the id. */}
              <TextViewer
                key={textBranch ?? ''}
                documentId={documentId}
                branch={textBranch}
                nodes={nodesLoaded ? nodes : NO_NODES}
                nodesLoaded={nodesLoaded}
                selectedNodeId={nodeQuery}
                jumpNonce={jump}
                onSelectNode={selectNode}
                nodeHref={nodeHref}
              />
            </section>
          </Box>
          <Box asChild minWidth="0">
            <section aria-labelledby="document-about-heading">
              <Heading as="h2" size="4" mb="3" id="document-about-heading">
                {intl.formatMessage({ id: 'reader.detail.about' })}
              </Heading>
              {structureNodes && doc ? (
                <DocumentStats document={doc} nodes={structureNodes} />
              ) : (
                <ColumnSkeleton lines={6} />
              )}
            </section>
          </Box>
        </Grid>
      )}
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

function Problem({ titleId, helpId, basePath }: { titleId: string; helpId: string; basePath: string }) {
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
      <BackToListLink basePath={basePath} />
    </Box>
  );
}

/** The way back to the documents list of the page's context. */
function BackToListLink({ basePath, size }: { basePath: string; size?: '2' }) {
  const intl = useIntl();
  return (
    <Link asChild size={size}>
      <RouterLink href={`~${basePath}/documents`}>
        <Flex align="center" gap="1" asChild>
          <span>
            <ArrowLeftIcon aria-hidden />
            {intl.formatMessage({ id: 'reader.detail.back' })}
          </span>
        </Flex>
      </RouterLink>
    </Link>
  );
}
