// The structure tree as data: built from derived_parent_id, filtered by a query (matches plus
// their ancestors), flattened into the rows currently shown.
import type { Node } from '../../api/contract';

export interface TreeNode {
  node: Node;
  children: TreeNode[];
  level: number;
  parentId?: string;
}

export interface TreeRow {
  item: TreeNode;
  expanded: boolean;
  /** Position among the shown siblings, for aria-posinset/aria-setsize. */
  position: number;
  siblings: number;
}

/** Roots in document order. A node whose parent is missing becomes a root, with a warning. */
export function buildTree(nodes: readonly Node[]): { roots: TreeNode[]; byId: Map<string, TreeNode> } {
  const byId = new Map<string, TreeNode>();
  for (const node of nodes) byId.set(node.id, { node, children: [], level: 0 });
  const roots: TreeNode[] = [];
  const ordered = [...byId.values()].sort((a, b) => a.node.order_index - b.node.order_index);
  for (const item of ordered) {
    const parentId = item.node.derived_parent_id;
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parentId && !parent) {
      // eslint-disable-next-line no-console -- a broken parent link is worth a warning, not a failure
      console.warn(`Structure node ${item.node.id} names a missing parent ${parentId}; shown as a root.`);
    }
    if (parent) {
      item.parentId = parent.node.id;
      parent.children.push(item);
    } else roots.push(item);
  }
  const setLevels = (items: TreeNode[], level: number) => {
    for (const item of items) {
      item.level = level;
      setLevels(item.children, level + 1);
    }
  };
  setLevels(roots, 0);
  return { roots, byId };
}

/** Whether a node matches the filter: its cite key, type or external id contains the text. */
export function nodeMatches(node: Node, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [node.cite_key, node.node_type, node.type, node.external_id].some((value) =>
    value?.toLocaleLowerCase().includes(needle),
  );
}

/** Ids shown for a query: the matching nodes and all their ancestors; null for no filter. */
export function visibleIds(byId: Map<string, TreeNode>, query: string): Set<string> | null {
  if (!query.trim()) return null;
  const shown = new Set<string>();
  for (const item of byId.values()) {
    if (!nodeMatches(item.node, query)) continue;
    for (
      let current: TreeNode | undefined = item;
      current && !shown.has(current.node.id);
      current = current.parentId ? byId.get(current.parentId) : undefined
    ) {
      shown.add(current.node.id);
    }
  }
  return shown;
}

/** Nodes open at first: levels 0 and 1, so the tree shows three levels (depth 0 to 2). */
export function initiallyExpanded(byId: Map<string, TreeNode>, depth = 2): Set<string> {
  return new Set(
    [...byId.values()].filter((item) => item.level < depth && item.children.length > 0).map((item) => item.node.id),
  );
}

/** The rows on screen. While filtering every shown ancestor is open. */
export function flattenRows(
  roots: TreeNode[],
  expanded: ReadonlySet<string>,
  shown: ReadonlySet<string> | null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (items: TreeNode[]) => {
    const visible = shown ? items.filter((item) => shown.has(item.node.id)) : items;
    visible.forEach((item, index) => {
      const open = shown
        ? visible.length > 0 && item.children.some((child) => shown.has(child.node.id))
        : expanded.has(item.node.id);
      rows.push({ item, expanded: open, position: index + 1, siblings: visible.length });
      if (open) walk(item.children);
    });
  };
  walk(roots);
  return rows;
}

/** Whether a row has children to show (under the current filter). */
export const hasShownChildren = (item: TreeNode, shown: ReadonlySet<string> | null) =>
  shown ? item.children.some((child) => shown.has(child.node.id)) : item.children.length > 0;
