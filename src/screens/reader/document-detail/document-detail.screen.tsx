// The document page (/documents/{id}-{slug}): breadcrumb, versions, and two tabs: Text (the law
// in one reading column the window scrolls, a table of contents beside it or in a drawer) and
// Overview (statistics, dates, languages, structure). The document-page machine owns the document,
// its versions, its text and the address (`branch`, `node`, history replace); this screen renders
// it and sends it events. The tab is in the address too (`?tab=overview`; none is the text).
// Inside a collection it opens only once the collection holds it, at the item's pinned version;
// publicly it names the public collections that hold it.
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Heading, Link, Skeleton, Tabs, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon, ListBulletIcon } from '@radix-ui/react-icons';
import type { Node } from '../../../api/contract';
import type { PublicCollectionDocument } from '../../../api/contract/collections';
import type { DocumentScreenProps } from '../../screen-props';
import { detailPath, documentIdFromSegment, documentPath } from '../../../shared/document-path';
import {
  addressWith,
  documentPageMachine,
  provisionQuery,
  selectDetail,
  selectNode,
  selectSearch,
  selectSegment,
  selectText,
  selectTextBranch,
  selectVersionFocusPending,
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
  selectReadBranch,
  selectSelectedBranchId,
} from '../../../machines/reader/branch-selection.machine';
import { errorMessage } from '../../../i18n/error-message';
import { TextViewer } from '../../../components/text-viewer/text-viewer';
import { ReaderTextTools } from '../../../components/provision-actions/reader-text-tools';
import { TextLanguage } from '../../../components/text-viewer/text-language';
import { SecondLanguageProvider, SecondLanguageSelect } from '../../../components/text-viewer/second-language';
import { secondLangOf, secondLangQuery } from '../../../machines/reader/second-language.machine';
import { selectLang } from '../../../machines/reader/text-loading.machine';
import { ChangeMarksProvider } from '../../../components/text-viewer/change-marks';
import { DocumentStats } from '../../../components/document-stats/document-stats';
import { CompareVersionsLink, VersionSelector } from '../../../components/version-selector/version-selector';
import { VersionBanner } from '../../../components/version-banner/version-banner';
import { VersionTimeline } from '../../../components/version-timeline/version-timeline';
import { PinButton } from '../../../components/pin-button/pin-button';
import { PageTitle } from '../../../components/shell/page-title';
import { useDocumentVisit } from '../../../components/accounts/use-document-visit';
import { Breadcrumbs } from '../../../components/breadcrumbs/breadcrumbs';
import { pinnedBranchOf } from '../../../machines/collections/public-collection-document.machine';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { copilotPanelOpenAtom } from '../../../atoms/copilot/copilot.atoms';
import { readerTocOpenAtom } from '../../../atoms/reader/reader-layout.atoms';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { useAtom, useAtomValue } from '../../../atoms/store';
import { InCollection } from './collection-context';
import { backTarget, placeCrumbs } from './document-place';
import { PinNotice } from './pin-notice';
import { PublicCollections } from './public-collections';
import { ReaderSheet } from './reader-sheet';
import { TableOfContents } from './table-of-contents';
import { useMediaQuery } from './use-media-query';
import './document-detail.css';

/** Below this width (plus the Copilot panel's, when open) the table of contents is a drawer. */
const WIDE_READER = 1100;
const COPILOT_PANEL_WIDTH = 420;
const PHONE_QUERY = '(max-width: 768px)';

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
  const locale = useAtomValue(localeAtom);
  const page = useActorRef(
    documentPageMachine.provide({
      actions: { navigate: (_, { path }) => navigate(`~${path}`, { replace: true }) },
    }),
    { input: { documentId, idSlug, basePath, search, defaultBranch: pinnedBranch, interfaceLang: locale } },
  );
  // The address is the machine's: back, forward and links come in as events.
  useEffect(() => page.send({ type: 'address.change', search }), [page, search]);
  // The text opens in the interface language, and follows it when it changes (the account's arrives late).
  useEffect(() => page.send({ type: 'interface.language', lang: locale }), [page, locale]);

  const detail = useSelector(page, selectDetail);
  const versions = useSelector(page, selectVersions);
  const text = useSelector(page, selectText);
  const textBranch = useSelector(page, selectTextBranch);
  const selectedNodeId = useSelector(page, selectNode);
  const segment = useSelector(page, selectSegment);
  const readLang = useSelector(text, selectLang);
  const pageSearch = useSelector(page, selectSearch);
  const doc = useSelector(detail, selectDocument);
  const nodes = useSelector(detail, selectNodes);
  const nodesLoaded = useSelector(detail, selectNodesLoaded);
  const notFound = useSelector(detail, selectNotFound);
  const error = useSelector(detail, selectDetailError);
  const branchStatus = useSelector(versions, selectBranchStatus);
  const branches = useSelector(versions, selectBranches);
  const selectedBranchId = useSelector(versions, selectSelectedBranchId);
  // The version read: the chosen one, else main (none is chosen without ?branch=): citations carry its date.
  const readBranch = useSelector(versions, selectReadBranch);
  const branchError = useSelector(versions, selectBranchError);
  // Reading history: 2 s on this page counts one visit of a logged-in reader.
  useDocumentVisit(documentId);
  // Only a logged-in reader translates (into their own layer): anonymous readers get no link.
  const signedIn = Boolean(useAtomValue(currentUserAtom));
  // The reading column keeps its measure: with the Copilot panel open the contents need more room.
  const copilotOpen = useAtomValue(copilotPanelOpenAtom);
  const wide = useMediaQuery(`(min-width: ${WIDE_READER + (copilotOpen ? COPILOT_PANEL_WIDTH : 0)}px)`);
  const phone = useMediaQuery(PHONE_QUERY);
  const [tocOpen, setTocOpen] = useAtom(readerTocOpenAtom);
  const [sheetOpen, setSheetOpen] = useState(false);
  /** The place in the phone's sheet where the text viewer puts its reading switches (null while closed). */
  const [sheetSwitches, setSheetSwitches] = useState<HTMLElement | null>(null);
  const [readingNodeId, setReadingNodeId] = useState<string | undefined>();
  // A version chosen in the toolbar's picker rebuilds the text with its toolbar: the new picker
  // takes the focus the old one had, once, if it appears soon after (the page machine's rule).
  // Read when the picker mounts, not subscribed: a render for it would re-run the old picker's ref.
  const takeVersionFocus = useCallback(() => {
    const pending = selectVersionFocusPending(page.getSnapshot());
    if (pending) page.send({ type: 'version.focus_take' });
    return pending;
  }, [page]);

  // The tree and the statistics are the page's largest renders: they follow in a background
  // (yielding) render, so the first text on screen does not wait for them to be painted.
  const structureNodes = useDeferredValue(nodesLoaded ? nodes : undefined);

  const selectNodeId = useCallback((nodeId: string) => page.send({ type: 'node.select', nodeId }), [page]);
  const chooseFromContents = useCallback(
    (nodeId: string) => {
      setSheetOpen(false);
      setReadingNodeId(nodeId);
      page.send({ type: 'node.select', nodeId });
    },
    [page],
  );
  // The second language (`?lang2=`) is the address's, like the tab.
  const secondLang = secondLangOf(pageSearch);
  const chooseSecondLang = useCallback(
    (next: string | undefined) =>
      navigate(`~${addressWith({ basePath, segment, search: pageSearch }, secondLangQuery(next))}`, { replace: true }),
    [navigate, basePath, segment, pageSearch],
  );
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
  const tab = new URLSearchParams(pageSearch).get('tab') === 'overview' ? 'overview' : 'text';
  const selectTab = (next: string) =>
    navigate(`~${addressWith(address, { tab: next === 'overview' ? 'overview' : undefined })}`);

  // In the text's toolbar (which sticks under the header on wide screens), or in the sheet on a
  // phone: always at hand from where the reader is, so switching never leaves the provision read.
  const versionSelector = (
    <VersionSelector
      status={branchStatus}
      branches={branches}
      selectedBranchId={selectedBranchId}
      error={branchError}
      onSelect={(branchId) => page.send({ type: 'branch.select', branchId })}
      takeFocus={takeVersionFocus}
      onRetry={() => page.send({ type: 'branches.retry' })}
      basePath={basePath}
      idSlug={segment}
      // In the sticky toolbar the picker stands alone (one row); the comparison link goes below.
      withCompare={phone}
    />
  );
  const contents = structureNodes ? (
    <TableOfContents
      nodes={structureNodes}
      currentNodeId={readingNodeId ?? selectedNodeId}
      onSelect={chooseFromContents}
      lang={readLang}
    />
  ) : (
    <ColumnSkeleton lines={8} />
  );
  const tocInline = wide && tocOpen;
  const contentsButton = (
    <Button
      variant="soft"
      color="gray"
      size="2"
      onClick={() => (wide ? setTocOpen(!tocOpen) : setSheetOpen(true))}
      aria-expanded={wide ? tocOpen : sheetOpen}
      aria-controls={wide ? 'document-contents' : undefined}
    >
      <ListBulletIcon aria-hidden />
      {intl.formatMessage({ id: wide ? (tocOpen ? 'reader.toc.hide' : 'reader.toc.show') : 'reader.toc.open' })}
    </Button>
  );
  const body = (
    <Box p={{ initial: '3', sm: '4' }} className="document-detail">
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
        {/* A version not in force says so on the page itself; its picker is in the text's toolbar
            (on a phone in the sheet, with the contents: the text comes first). */}
        <VersionBanner page={page} basePath={basePath} />
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
        <Tabs.Root value={tab} onValueChange={selectTab}>
          <Tabs.List aria-label={intl.formatMessage({ id: 'reader.tabs.label' })}>
            <Tabs.Trigger value="overview">{intl.formatMessage({ id: 'reader.tabs.overview' })}</Tabs.Trigger>
            <Tabs.Trigger value="text">{intl.formatMessage({ id: 'reader.tabs.text' })}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="text" className="reader-tab">
            <div className="reader-layout" data-toc={tocInline || undefined}>
              {tocInline && (
                <aside id="document-contents" className="reader-toc" aria-labelledby="document-structure-heading">
                  <Heading as="h2" size="3" mb="2" id="document-structure-heading">
                    {intl.formatMessage({ id: 'reader.detail.structure' })}
                  </Heading>
                  {contents}
                </aside>
              )}
              <section className="reader-main" aria-labelledby="document-text-heading">
                <h2 id="document-text-heading" className="visually-hidden">
                  {intl.formatMessage({ id: 'reader.detail.text' })}
                </h2>
                {/* Starts with the page, beside the document and its structure: the text needs only the id. */}
                <ReaderTextTools
                  document={doc}
                  branch={readBranch}
                  text={text}
                  nodes={nodesLoaded ? nodes : NO_NODES}
                  linkHref={(nodeId) => addressWith(address, provisionQuery(nodes, nodeId))}
                  onGoToNode={selectNodeId}
                >
                  {(renderActions) => (
                    <TextViewer
                      key={textBranch ?? ''}
                      actor={text}
                      nodes={nodesLoaded ? nodes : NO_NODES}
                      selectedNodeId={selectedNodeId}
                      onSelectNode={selectNodeId}
                      nodeHref={nodeHref}
                      editorHref={signedIn ? editorHref : undefined}
                      toolbarStart={
                        phone ? undefined : (
                          <>
                            {contentsButton}
                            {versionSelector}
                          </>
                        )
                      }
                      toolbarEnd={
                        phone ? undefined : (
                          <CompareVersionsLink branches={branches} basePath={basePath} idSlug={segment} />
                        )
                      }
                      showLanguage={!phone}
                      switchesIn={phone ? sheetSwitches : undefined}
                      onReadingNodeChange={setReadingNodeId}
                      renderActions={renderActions}
                    />
                  )}
                </ReaderTextTools>
              </section>
            </div>
          </Tabs.Content>
          <Tabs.Content value="overview" className="reader-tab">
            <Box asChild maxWidth="720px">
              <section aria-labelledby="document-about-heading">
                <Heading as="h2" size="4" mb="3" id="document-about-heading">
                  {intl.formatMessage({ id: 'reader.detail.about' })}
                </Heading>
                {structureNodes && doc ? (
                  <DocumentStats document={doc} nodes={structureNodes} />
                ) : (
                  <ColumnSkeleton lines={6} />
                )}
                <VersionTimeline page={page} basePath={basePath} />
              </section>
            </Box>
          </Tabs.Content>
        </Tabs.Root>
      )}

      {!wide && (
        <ReaderSheet open={sheetOpen} onOpenChange={setSheetOpen}>
          {phone && (
            <Flex direction="column" gap="3" mb="4">
              {versionSelector}
              <TextLanguage actor={text} />
              <SecondLanguageSelect />
              {/* 'Mark changes' and 'Compact' (the text viewer's own, rendered here): on a phone
                  they join the version and the language rather than stand alone above the text. */}
              <Flex ref={setSheetSwitches} align="center" gap="4" wrap="wrap" className="reader-sheet-switches" />
            </Flex>
          )}
          {contents}
        </ReaderSheet>
      )}
      {/* On a phone the contents button sits in a bar of its own at the bottom, with the Copilot
          button: neither floats over the text. */}
      {phone && !error && tab === 'text' && <div className="reader-bottom-bar">{contentsButton}</div>}
    </Box>
  );
  return (
    <SecondLanguageProvider
      text={text}
      lang={secondLang}
      layout={wide ? 'columns' : 'toggle'}
      onChange={chooseSecondLang}
    >
      <ChangeMarksProvider
        branches={branches}
        branchId={selectedBranchId}
        text={text}
        nodes={nodesLoaded ? nodes : NO_NODES}
        detailHref={detailPath(basePath, segment)}
      >
        {body}
      </ChangeMarksProvider>
    </SecondLanguageProvider>
  );
}

const NO_NODES: readonly Node[] = [];
const editorHref = (fragmentId: string) => `/editor/${fragmentId}`;

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
