// The document's structure as a keyboard tree (role=tree): a filter box, arrows to move, expand
// and collapse, Enter to select. Open to depth 2 at first (or `openDepth`); scrolls within
// 600 px, or fills its container (`fill`, the reader's sticky table of contents). Headings wrap. Only the rows
// near the viewport are in the DOM (react-virtuoso over the flattened shown rows): a large act
// has thousands of nodes, and rendering them all held up the text.
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { useIntl } from 'react-intl';
import { Virtuoso, type ListRange, type VirtuosoHandle } from 'react-virtuoso';
import { Flex, Text, TextField } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronRightIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import type { Node } from '../../api/contract';
import { buildTree, flattenRows, hasShownChildren, initiallyExpanded, visibleIds, type TreeRow } from './tree-model';
import './structure-tree.css';

export interface StructureTreeProps {
  nodes: readonly Node[];
  selectedNodeId?: string;
  onSelect: (nodeId: string) => void;
  /** Levels open at first. */
  openDepth?: number;
  /** Take the container's height (a flex column of definite height) instead of at most 600 px. */
  fill?: boolean;
}

/** One row: a line of size-2 text (20 px) and 2 px above and below; measured once shown. */
const ROW_ESTIMATE = 24;
const MAX_HEIGHT = 600;
/** Rows rendered beyond each edge of the viewport (in pixels, as Virtuoso counts). */
const OVERSCAN_PX = 10 * ROW_ESTIMATE;

interface TreeListContext {
  label: string;
}

// The element that holds the rows carries the tree role; Virtuoso's wrappers around each row
// are generic elements, which the accessibility tree skips.
const TreeList = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { context?: TreeListContext }>(
  function TreeList({ context, ...props }, ref) {
    return <div {...props} ref={ref} role="tree" aria-label={context?.label} className="structure-tree-list" />;
  },
);
const COMPONENTS = { List: TreeList };
const rowKey = (_: number, row: TreeRow) => row.item.node.id;

interface TreeItemProps {
  row: TreeRow;
  index: number;
  canOpen: boolean;
  canToggle: boolean;
  selected: boolean;
  tabbable: boolean;
  register: (id: string, element: HTMLDivElement | null) => void;
  onKeyDown: (event: KeyboardEvent, row: TreeRow, index: number) => void;
  onChoose: (id: string) => void;
  onToggle: (id: string, open: boolean) => void;
}

const TreeItem = memo(function TreeItem(props: TreeItemProps) {
  const { row, index, canOpen, canToggle, selected, tabbable, register, onKeyDown, onChoose, onToggle } = props;
  const { node } = row.item;
  const ref = useCallback((element: HTMLDivElement | null) => register(node.id, element), [register, node.id]);
  return (
    <div
      ref={ref}
      role="treeitem"
      aria-level={row.item.level + 1}
      aria-posinset={row.position}
      aria-setsize={row.siblings}
      aria-expanded={canOpen ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      className="structure-tree-item"
      data-selected={selected || undefined}
      style={{ paddingInlineStart: `calc(${row.item.level} * var(--space-4) + var(--space-1))` }}
      onClick={() => onChoose(node.id)}
      onKeyDown={(event) => onKeyDown(event, row, index)}
    >
      <span
        className="structure-tree-toggle"
        aria-hidden
        onClick={(event) => {
          if (!canToggle) return;
          event.stopPropagation();
          onToggle(node.id, !row.expanded);
        }}
      >
        {canOpen ? row.expanded ? <ChevronDownIcon /> : <ChevronRightIcon /> : null}
      </span>
      <span className="structure-tree-label">
        <span className="structure-tree-cite">{node.cite_key ?? node.external_id}</span>
        {node.title && <span className="structure-tree-title"> {node.title}</span>}
      </span>
    </div>
  );
});

export function StructureTree({ nodes, selectedNodeId, onSelect, openDepth = 2, fill = false }: StructureTreeProps) {
  const intl = useIntl();
  const { roots, byId } = useMemo(() => buildTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState(() => initiallyExpanded(byId, openDepth));
  const [query, setQuery] = useState('');
  const shown = useMemo(() => visibleIds(byId, query), [byId, query]);
  const rows = useMemo(() => flattenRows(roots, expanded, shown), [roots, expanded, shown]);
  const [focusedId, setFocusedId] = useState<string | undefined>();
  const [rendered, setRendered] = useState<ListRange>({ startIndex: 0, endIndex: 0 });
  const [listHeight, setListHeight] = useState(() => Math.min(MAX_HEIGHT, rows.length * ROW_ESTIMATE));
  const itemRefs = useRef(new Map<string, HTMLDivElement>());
  /** A row to focus as soon as the list renders it (keyboard moves to a row out of view). */
  const pendingFocus = useRef<string | undefined>(undefined);
  const listRef = useRef<VirtuosoHandle>(null);

  useEffect(() => setExpanded(initiallyExpanded(byId, openDepth)), [byId, openDepth]);

  // The selected node (from the text or the address) is opened to and brought into view.
  useEffect(() => {
    if (!selectedNodeId || !byId.has(selectedNodeId)) return;
    setExpanded((current) => {
      const next = new Set(current);
      for (let id = byId.get(selectedNodeId)?.parentId; id; id = byId.get(id)?.parentId) next.add(id);
      return next.size === current.size ? current : next;
    });
    setFocusedId(selectedNodeId);
  }, [selectedNodeId, byId]);

  useEffect(() => {
    // The list's own scroller only moves, and only when the row is out of view.
    const index = selectedNodeId ? rows.findIndex((row) => row.item.node.id === selectedNodeId) : -1;
    if (index >= 0) listRef.current?.scrollIntoView({ index, align: 'center' });
  }, [selectedNodeId, rows]);

  // One row is in the tab order: the focused one while it is rendered, else the first rendered.
  const focusedIndex = focusedId === undefined ? -1 : rows.findIndex((row) => row.item.node.id === focusedId);
  const focusedRendered = focusedIndex >= rendered.startIndex && focusedIndex <= rendered.endIndex;
  const tabStop = focusedRendered
    ? focusedId
    : (rows[Math.min(rendered.startIndex, rows.length - 1)]?.item.node.id ?? rows[0]?.item.node.id);

  const register = useCallback((id: string, element: HTMLDivElement | null) => {
    if (!element) {
      itemRefs.current.delete(id);
      return;
    }
    itemRefs.current.set(id, element);
    if (pendingFocus.current === id) {
      pendingFocus.current = undefined;
      element.focus();
    }
  }, []);

  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      const id = row.item.node.id;
      setFocusedId(id);
      const element = itemRefs.current.get(id);
      if (element) element.focus();
      else pendingFocus.current = id;
      listRef.current?.scrollIntoView({ index });
    },
    [rows],
  );

  const toggle = useCallback(
    (id: string, open: boolean) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (open) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const choose = useCallback(
    (id: string) => {
      setFocusedId(id);
      onSelect(id);
    },
    [onSelect],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent, row: TreeRow, index: number) => {
      const id = row.item.node.id;
      const canOpen = hasShownChildren(row.item, shown);
      switch (event.key) {
        case 'ArrowDown':
          focusRow(index + 1);
          break;
        case 'ArrowUp':
          focusRow(index - 1);
          break;
        case 'Home':
          focusRow(0);
          break;
        case 'End':
          focusRow(rows.length - 1);
          break;
        case 'ArrowRight':
          if (canOpen && !row.expanded && !shown) toggle(id, true);
          else if (row.expanded) focusRow(index + 1);
          break;
        case 'ArrowLeft':
          if (row.expanded && !shown) toggle(id, false);
          else focusRow(rows.findIndex((candidate) => candidate.item.node.id === row.item.parentId));
          break;
        case 'Enter':
        case ' ':
          onSelect(id);
          break;
        default:
          return;
      }
      event.preventDefault();
    },
    [focusRow, onSelect, rows, shown, toggle],
  );

  const label = intl.formatMessage({ id: 'reader.tree.label' });
  const listContext = useMemo<TreeListContext>(() => ({ label }), [label]);

  return (
    <Flex direction="column" gap="2" className="structure-tree" data-fill={fill || undefined}>
      <TextField.Root
        size="2"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={intl.formatMessage({ id: 'reader.tree.filterPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'reader.tree.filterLabel' })}
        type="search"
      >
        <TextField.Slot>
          <MagnifyingGlassIcon aria-hidden />
        </TextField.Slot>
      </TextField.Root>
      {nodes.length === 0 ? (
        <Text size="2" color="gray" role="status">
          {intl.formatMessage({ id: 'reader.tree.empty' })}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="2" color="gray" role="status">
          {intl.formatMessage({ id: 'reader.tree.noResults' }, { query: query.trim() })}
        </Text>
      ) : (
        <Virtuoso
          ref={listRef}
          className="structure-tree-scroll"
          // As tall as its rows, at most 600 px (less on narrow screens, see the CSS).
          style={{ height: fill ? '100%' : listHeight }}
          totalListHeightChanged={(height) => setListHeight(Math.min(MAX_HEIGHT, Math.ceil(height)))}
          data={rows}
          context={listContext}
          defaultItemHeight={ROW_ESTIMATE}
          increaseViewportBy={OVERSCAN_PX}
          computeItemKey={rowKey}
          rangeChanged={setRendered}
          components={COMPONENTS}
          itemContent={(index, row) => {
            const id = row.item.node.id;
            const canOpen = hasShownChildren(row.item, shown);
            return (
              <TreeItem
                row={row}
                index={index}
                canOpen={canOpen}
                canToggle={canOpen && !shown}
                selected={id === selectedNodeId}
                tabbable={id === tabStop}
                register={register}
                onKeyDown={onKeyDown}
                onChoose={choose}
                onToggle={toggle}
              />
            );
          }}
        />
      )}
    </Flex>
  );
}
