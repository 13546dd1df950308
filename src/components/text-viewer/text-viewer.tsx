// The document's text in one language as a virtual list: language choice, jump to a node, node
// headers, texts loaded in batches around what is on screen, and reference links. It starts as
// soon as the document id is known: the structure (`nodes`) may arrive later.
import { forwardRef, useCallback, useEffect, useMemo, useRef, type HTMLAttributes } from 'react';
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
  selectLanguages,
  selectLanguagesError,
  selectLanguagesLoading,
  selectPageError,
  selectPageState,
  selectScrollTarget,
  selectSpans,
  textLoadingMachine,
  type FragmentRow as Fragment,
} from '../../machines/reader/text-loading.machine';
import { errorMessage } from '../../i18n/error-message';
import { FragmentRow } from './fragment-row';
import { provisionCite } from '../../lib/provision-cite';
import { LanguageSelect } from './language-select';
import { NodeJump } from './node-jump';
import { estimateRowHeight, startsNode } from './row-height';
import { EndSentinel, type ListFooterContext } from './end-sentinel';
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

const Scroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Scroller(props, ref) {
  // Focusable so the text can be scrolled with the keyboard.
  return <div {...props} ref={ref} tabIndex={0} />;
});

const computeItemKey = (_: number, fragment: Fragment) => fragment.id;
const COMPONENTS = { Footer: EndSentinel, Scroller };

export function TextViewer({ actor, nodes, selectedNodeId, onSelectNode, nodeHref, editorHref }: TextViewerProps) {
  const intl = useIntl();
  const nodesById = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const languages = useSelector(actor, selectLanguages);
  const lang = useSelector(actor, selectLang);
  const languagesLoading = useSelector(actor, selectLanguagesLoading);
  const languagesError = useSelector(actor, selectLanguagesError);
  const fragments = useSelector(actor, selectFragments);
  const cache = useSelector(actor, selectCache);
  const failed = useSelector(actor, selectFailed);
  const spans = useSelector(actor, selectSpans);
  const scrollTarget = useSelector(actor, selectScrollTarget);
  const pageState = useSelector(actor, selectPageState);
  const pageError = useSelector(actor, selectPageError);
  const listRef = useRef<VirtuosoHandle>(null);

  useEffect(() => {
    if (scrollTarget && scrollTarget.index >= 0)
      listRef.current?.scrollToIndex({ index: scrollTarget.index, align: 'start' });
  }, [scrollTarget]);

  const heightEstimates = useHeightEstimates(fragments);

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

  const loadedCount = fragments.length;
  const firstPageLoading = pageState === 'loading' && fragments.length === 0;

  return (
    <Flex direction="column" gap="3" className="text-viewer">
      <Flex align="center" gap="3" wrap="wrap">
        <LanguageSelect
          languages={languages}
          value={lang}
          loading={languagesLoading}
          onChange={(next) => actor.send({ type: 'language.select', lang: next })}
        />
        <NodeJump nodes={nodes} onSelect={onSelectNode} />
        <Text size="2" color="gray" aria-live="polite">
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
          // Virtuoso sets height: 100% inline; the list needs a height of its own.
          style={{ height: 'min(75vh, 900px)' }}
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
              showHeader={startsNode(fragments, index)}
              text={cache.entries.get(fragment.id)}
              failed={failedSet.has(fragment.id)}
              spans={spans[fragment.id]}
              selected={fragment.node_id === selectedNodeId}
              onRetry={retry}
              nodeHref={nodeHref}
              onSelectNode={onSelectNode}
              editorHref={editorHref}
              cite={editorHref && (provisionCite(nodesById.get(fragment.node_id), nodesById) ?? fragment.cite_key)}
            />
          )}
        />
      )}
    </Flex>
  );
}
