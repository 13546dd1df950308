// The document's text in one language as a virtual list scrolled by the window: language choice,
// go to a provision, headings and numbered items, texts loaded in batches around what is on
// screen, and reference links. It starts as soon as the document id is known: the structure
// (`nodes`) may arrive later. It tells the page which provision is at the top of the window.
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { Box, Button, Callout, Flex, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import type { Node } from '../../api/contract';
import {
  selectCache,
  selectFailed,
  selectFragments,
  selectLang,
  selectLanguagesError,
  selectPageError,
  selectPageState,
  selectSpans,
  textLoadingMachine,
  type FragmentRow as Fragment,
} from '../../machines/reader/text-loading.machine';
import { errorMessage } from '../../i18n/error-message';
import { FragmentRow } from './fragment-row';
import { provisionCite } from '../../lib/provision-cite';
import { NodeJump } from './node-jump';
import { estimateRowHeight, startsNode } from './row-height';
import { EndSentinel, type ListFooterContext } from './end-sentinel';
import { provisionLayouts } from './provision-layout';
import { TextLanguage } from './text-language';
import { SecondLanguageSelect, useSecondLanguage } from './second-language';
import { MarkChangesToggle } from './change-marks';
import { DensityToggle, useReadingDensity } from './reading-density';
import { nodeAtReadingTop, useListOffsetWatch, useReadingPosition, useStickyToolbarHeight } from './reading-position';
import { useProvisionPlacement } from './use-provision-placement';
import './text-viewer.css';

export interface TextViewerProps {
  /** The reading, run by the document page (which tells it the structure and the jumps). */
  actor: ActorRefFrom<typeof textLoadingMachine>;
  nodes: readonly Node[];
  selectedNodeId?: string;
  onSelectNode: (nodeId: string) => void;
  nodeHref: (nodeId: string) => string;
  /** The editor's address for a fragment; absent for a reader who may not translate (not logged in). */
  editorHref?: (fragmentId: string) => string;
  /** Per-provision actions (copy link, copy citation) beside each heading and item number. */
  renderActions?: (node: Node) => ReactNode;
  /** Controls placed first in the sticky toolbar (the page's 'Contents' button and version picker). */
  toolbarStart?: ReactNode;
  /** Controls for the row of tools below it (the link to compare versions). */
  toolbarEnd?: ReactNode;
  /** Whether the toolbar offers the language (the page may offer it elsewhere, on a phone). */
  showLanguage?: boolean;
  /**
   * Where the reading switches ('Mark changes', 'Compact') go instead of the toolbar: on a phone the
   * page's sheet, beside the version and the language; null while that place is closed. Left out,
   * they stay in the toolbar.
   */
  switchesIn?: HTMLElement | null;
  /** Told the provision at the top of the window whenever it changes. */
  onReadingNodeChange?: (nodeId: string) => void;
}

/** About three rows (an average row with text is ~160 px), rendered beyond each edge of the
 * viewport. Virtuoso's `overscan` counts pixels, so the `overscan={3}` this replaces was 3 px:
 * every scroll step removed and re-added rows at the edges. */
export const OVERSCAN_PX = 3 * 160;

/** Row height estimates, extended page by page (earlier rows keep theirs); a new reading starts
 * over. Virtuoso reads them only until the first row is measured. */
function useHeightEstimates(fragments: readonly Fragment[]): number[] {
  const previous = useRef<{ fragments: readonly Fragment[]; estimates: number[] }>({ fragments: [], estimates: [] });
  return useMemo(() => {
    const last = previous.current;
    const extends_ =
      last.fragments.length <= fragments.length && fragments[last.fragments.length - 1] === last.fragments.at(-1);
    const estimates = extends_ ? last.estimates.slice() : [];
    for (let index = estimates.length; index < fragments.length; index++) {
      estimates.push(
        estimateRowHeight({ hasText: fragments[index]!.has_text, startsNode: startsNode(fragments, index) }),
      );
    }
    previous.current = { fragments, estimates };
    return estimates;
  }, [fragments]);
}

const computeItemKey = (_: number, fragment: Fragment) => fragment.id;
const COMPONENTS = { Footer: EndSentinel };

/** The first row of each node: where its heading or item number shows. */
function useFirstRows(fragments: readonly Fragment[]): ReadonlyMap<string, number> {
  return useMemo(() => {
    const first = new Map<string, number>();
    fragments.forEach((fragment, index) => {
      if (!first.has(fragment.node_id)) first.set(fragment.node_id, index);
    });
    return first;
  }, [fragments]);
}

/** The node holding an act's footnotes ('Poznámky pod čarou'), which markers in the text link to. */
const footnotesNodeOf = (nodes: readonly Node[]) =>
  nodes.find((node) => node.node_type === 'content' && (node.type === 'poznámky' || node.external_id === 'poznamky'))
    ?.id;

export function TextViewer(props: TextViewerProps) {
  const { actor, nodes, selectedNodeId, onSelectNode, nodeHref, editorHref, renderActions } = props;
  const { toolbarStart, toolbarEnd, showLanguage = true, onReadingNodeChange, switchesIn } = props;
  const intl = useIntl();
  const nodesById = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const layouts = useMemo(() => provisionLayouts(nodes), [nodes]);
  const footnotesNodeId = useMemo(() => footnotesNodeOf(nodes), [nodes]);
  const languagesError = useSelector(actor, selectLanguagesError);
  const readLang = useSelector(actor, selectLang);
  const fragments = useSelector(actor, selectFragments);
  const cache = useSelector(actor, selectCache);
  const failed = useSelector(actor, selectFailed);
  const spans = useSelector(actor, selectSpans);
  const pageState = useSelector(actor, selectPageState);
  const pageError = useSelector(actor, selectPageError);
  const listRef = useRef<VirtuosoHandle>(null);
  const columnRef = useRef<HTMLDivElement>(null);
  useReadingPosition(columnRef, onReadingNodeChange);
  useListOffsetWatch(columnRef);
  const sideBySide = useSecondLanguage()?.layout === 'columns';
  const density = useReadingDensity();

  // The window scrolls: the provision's heading lands below the app header and the toolbar, and
  // the reading machine keeps it there until the reader takes over.
  useProvisionPlacement(actor, listRef, columnRef);
  useStickyToolbarHeight(columnRef);
  // A denser or looser text moves every row: the provision at the top stays there.
  const holdPlace = useCallback(() => {
    const nodeId = nodeAtReadingTop(columnRef.current);
    return () => {
      if (nodeId !== undefined) actor.send({ type: 'place.hold', nodeId });
    };
  }, [actor]);

  const heightEstimates = useHeightEstimates(fragments);
  const firstRows = useFirstRows(fragments);

  const retry = useCallback((id: string) => actor.send({ type: 'text.retry', id }), [actor]);
  const rangeChanged = useCallback(
    ({ startIndex, endIndex }: { startIndex: number; endIndex: number }) =>
      actor.send({ type: 'list.rangeChanged', start: startIndex, end: endIndex }),
    [actor],
  );
  const failedSet = useMemo(() => new Set(failed), [failed]);
  const footerContext = useMemo<ListFooterContext>(
    () => ({
      pageState,
      pageError,
      onVisible: () => actor.send({ type: 'list.sentinelVisible' }),
      onRetry: () => actor.send({ type: 'pages.retry' }),
    }),
    [actor, pageState, pageError],
  );

  const switches = (
    <>
      <MarkChangesToggle />
      <DensityToggle beforeChange={holdPlace} />
    </>
  );

  const loadedCount = fragments.length;
  const firstPageLoading = pageState === 'loading' && fragments.length === 0;

  return (
    <Flex
      direction="column"
      gap="3"
      className="text-viewer"
      ref={columnRef}
      data-side-by-side={sideBySide || undefined}
      data-density={density}
    >
      {/* One row that sticks under the header on wide screens: what changes the text read
          (contents, version, marks, density) is at hand wherever the reader is, so turning one
          on at a provision deep in the text needs no trip to the top of the page. */}
      {/* Always there (empty, hence hidden, on a phone): the sticky offset watches its height. */}
      <Flex align="center" gap="3" className="text-viewer-toolbar">
        {toolbarStart}
        {switchesIn === undefined && switches}
      </Flex>
      {/* Rendered there but still the viewer's: 'Compact' holds the provision read in place. */}
      {switchesIn && createPortal(switches, switchesIn)}
      <Flex align="center" gap="3" wrap="wrap" className="text-viewer-tools">
        {showLanguage && <TextLanguage actor={actor} />}
        {showLanguage && <SecondLanguageSelect />}
        <NodeJump nodes={nodes} lang={readLang ?? undefined} onSelect={onSelectNode} />
        {toolbarEnd}
        <Text size="2" color="gray" aria-live="polite" className="text-viewer-count">
          {intl.formatMessage(
            { id: pageState === 'done' ? 'reader.text.fragmentCount' : 'reader.text.fragmentsLoaded' },
            { count: loadedCount },
          )}
        </Text>
      </Flex>

      {languagesError !== undefined && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {intl.formatMessage(
              { id: 'reader.text.languagesError' },
              { message: errorMessage(intl, languagesError, 'fragments') },
            )}{' '}
            <Button size="1" variant="soft" color="red" onClick={() => actor.send({ type: 'languages.retry' })}>
              {intl.formatMessage({ id: 'reader.retry' })}
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {firstPageLoading ? (
        <Flex
          direction="column"
          gap="3"
          role="status"
          aria-busy
          aria-label={intl.formatMessage({ id: 'reader.text.loading' })}
        >
          {[0, 1, 2, 3].map((index) => (
            <Box key={index}>
              <Skeleton height="40px" mb="2" />
              <Skeleton height="16px" mb="1" />
              <Skeleton height="16px" width="60%" />
            </Box>
          ))}
        </Flex>
      ) : fragments.length === 0 && pageState !== 'failed' ? (
        <Text size="2" color="gray" role="status">
          {intl.formatMessage({ id: 'reader.text.empty' })}
        </Text>
      ) : (
        <Virtuoso
          ref={listRef}
          className="text-viewer-list"
          role="region"
          // The page scrolls, not a box inside it: find, keyboard and touch work as on any page.
          useWindowScroll
          aria-label={intl.formatMessage({ id: 'reader.text.listLabel' })}
          data={fragments}
          context={footerContext}
          increaseViewportBy={OVERSCAN_PX}
          heightEstimates={heightEstimates}
          computeItemKey={computeItemKey}
          rangeChanged={rangeChanged}
          components={COMPONENTS}
          itemContent={(index, fragment) => (
            <FragmentRow
              fragment={fragment}
              node={nodesById.get(fragment.node_id)}
              layout={layouts.get(fragment.node_id)}
              showHeader={firstRows.get(fragment.node_id) === index}
              text={cache.entries.get(fragment.id)}
              failed={failedSet.has(fragment.id)}
              spans={spans[fragment.id]}
              selected={fragment.node_id === selectedNodeId}
              onRetry={retry}
              nodeHref={nodeHref}
              onSelectNode={onSelectNode}
              editorHref={editorHref}
              cite={editorHref && (provisionCite(nodesById.get(fragment.node_id), nodesById) ?? fragment.cite_key)}
              renderActions={renderActions}
              footnotesNodeId={footnotesNodeId}
            />
          )}
        />
      )}
    </Flex>
  );
}
