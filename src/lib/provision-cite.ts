// How a reader names a provision: a paragraph's own cite key says little ('odst. 1'), so the keys
// of the provisions it sits in come first ('Čl. 1 odst. 1'), up to the article or section.
import type { Node } from '../api/contract';

/** Node types inside an article or section, named together with the provision holding them. */
const INNER_TYPES = new Set(['paragraph', 'clause', 'point', 'subparagraph', 'indent', 'letter']);

export function provisionCite(node: Node | undefined, nodesById: ReadonlyMap<string, Node>): string | null {
  if (!node) return null;
  const keys = node.cite_key ? [node.cite_key] : [];
  let current = node;
  // The depth bound only guards against a cycle in bad data.
  for (let step = 0; step < 8 && INNER_TYPES.has(current.node_type) && current.derived_parent_id; step++) {
    const parent = nodesById.get(current.derived_parent_id);
    if (!parent) break;
    if (parent.cite_key) keys.unshift(parent.cite_key);
    current = parent;
  }
  return keys.length > 0 ? keys.join(' ') : null;
}
