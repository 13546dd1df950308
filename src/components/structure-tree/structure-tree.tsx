// The document's structure as a keyboard tree (role=tree): a filter box, arrows to move, expand
// and collapse, Enter to select. Open to depth 2 at first; scrolls within 600 px.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Box, Flex, ScrollArea, Text, TextField } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronRightIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import type { Node } from '../../api/contract';
import { useNodeTypeLabel } from './node-types';
import { buildTree, flattenRows, hasShownChildren, initiallyExpanded, visibleIds, type TreeRow } from './tree-model';
import './structure-tree.css';

export interface StructureTreeProps {
  nodes: readonly Node[];
  selectedNodeId?: string;
  onSelect: (nodeId: string) => void;
}

export function StructureTree({ nodes, selectedNodeId, onSelect }: StructureTreeProps) {
  const intl = useIntl();
  const typeLabel = useNodeTypeLabel();
  const { roots, byId } = useMemo(() => buildTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState(() => initiallyExpanded(byId));
  const [query, setQuery] = useState('');
  const shown = useMemo(() => visibleIds(byId, query), [byId, query]);
  const rows = useMemo(() => flattenRows(roots, expanded, shown), [roots, expanded, shown]);
  const [focusedId, setFocusedId] = useState<string | undefined>();
  const itemRefs = useRef(new Map<string, HTMLDivElement>());

  useEffect(() => setExpanded(initiallyExpanded(byId)), [byId]);

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
    // Scroll the tree's own viewport only: scrollIntoView would move the whole page too.
    const item = selectedNodeId ? itemRefs.current.get(selectedNodeId) : undefined;
    const viewport = item?.closest('.rt-ScrollAreaViewport');
    if (!item || !viewport) return;
    const top = item.getBoundingClientRect().top - viewport.getBoundingClientRect().top;
    if (top < 0 || top + item.offsetHeight > viewport.clientHeight) viewport.scrollTop += top - viewport.clientHeight / 3;
  }, [selectedNodeId, rows]);

  const tabStop = rows.some((row) => row.item.node.id === focusedId) ? focusedId : rows[0]?.item.node.id;

  const focusRow = (row: TreeRow | undefined) => {
    if (!row) return;
    setFocusedId(row.item.node.id);
    itemRefs.current.get(row.item.node.id)?.focus();
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent, row: TreeRow, index: number) => {
    const id = row.item.node.id;
    const canOpen = hasShownChildren(row.item, shown);
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]);
        break;
      case 'Home':
        focusRow(rows[0]);
        break;
      case 'End':
        focusRow(rows.at(-1));
        break;
      case 'ArrowRight':
        if (canOpen && !row.expanded && !shown) toggle(id, true);
        else if (row.expanded) focusRow(rows[index + 1]);
        break;
      case 'ArrowLeft':
        if (row.expanded && !shown) toggle(id, false);
        else focusRow(rows.find((candidate) => candidate.item.node.id === row.item.parentId));
        break;
      case 'Enter':
      case ' ':
        onSelect(id);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Flex direction="column" gap="2" className="structure-tree">
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
        <ScrollArea type="auto" scrollbars="vertical" className="structure-tree-scroll">
          {/* ScrollArea sizes its content to fit; a tree row must not grow past the column. */}
          <Box role="tree" aria-label={intl.formatMessage({ id: 'reader.tree.label' })} pr="3" style={{ width: '100%' }}>
            {rows.map((row, index) => {
              const { node } = row.item;
              const canOpen = hasShownChildren(row.item, shown);
              const selected = node.id === selectedNodeId;
              return (
                <div
                  key={node.id}
                  ref={(element) => {
                    if (element) itemRefs.current.set(node.id, element);
                    else itemRefs.current.delete(node.id);
                  }}
                  role="treeitem"
                  aria-level={row.item.level + 1}
                  aria-posinset={row.position}
                  aria-setsize={row.siblings}
                  aria-expanded={canOpen ? row.expanded : undefined}
                  aria-selected={selected}
                  tabIndex={node.id === tabStop ? 0 : -1}
                  className="structure-tree-item"
                  data-selected={selected || undefined}
                  style={{ paddingInlineStart: `calc(${row.item.level} * var(--space-4) + var(--space-1))` }}
                  onClick={() => {
                    setFocusedId(node.id);
                    onSelect(node.id);
                  }}
                  onKeyDown={(event) => onKeyDown(event, row, index)}
                >
                  <span
                    className="structure-tree-toggle"
                    aria-hidden
                    onClick={(event) => {
                      if (!canOpen || shown) return;
                      event.stopPropagation();
                      toggle(node.id, !row.expanded);
                    }}
                  >
                    {canOpen ? row.expanded ? <ChevronDownIcon /> : <ChevronRightIcon /> : null}
                  </span>
                  <Text size="2" weight={selected ? 'bold' : 'regular'} className="structure-tree-label">
                    <span className="structure-tree-cite">{node.cite_key ?? node.external_id}</span>
                    {node.title && <span className="structure-tree-title"> {node.title}</span>}
                  </Text>
                  <Text size="1" color="gray" className="structure-tree-type">
                    {typeLabel(node.node_type)}
                  </Text>
                </div>
              );
            })}
          </Box>
        </ScrollArea>
      )}
    </Flex>
  );
}
