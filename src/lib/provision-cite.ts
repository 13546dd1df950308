// How a reader names a provision: a paragraph's own cite key says little ('odst. 1'), so the keys
// of the provisions it sits in come first ('Čl. 1 odst. 1'), up to the article or section.
import type { Node } from '../api/contract';

/** Node types inside an article or section, named together with the provision holding them. */
const INNER_TYPES = new Set(['paragraph', 'clause', 'point', 'subparagraph', 'indent', 'letter']);

/**
 * The node and the provisions holding it, outermost first, up to the article or section (or the
 * node itself when it is not inside one): the chain a citation is built from.
 */
export function provisionChain(node: Node, nodesById: ReadonlyMap<string, Node>): Node[] {
  const chain = [node];
  let current = node;
  // The depth bound only guards against a cycle in bad data.
  for (let step = 0; step < 8 && INNER_TYPES.has(current.node_type) && current.derived_parent_id; step++) {
    const parent = nodesById.get(current.derived_parent_id);
    if (!parent) break;
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

export function provisionCite(node: Node | undefined, nodesById: ReadonlyMap<string, Node>): string | null {
  if (!node) return null;
  const keys = provisionChain(node, nodesById).flatMap((link) => (link.cite_key ? [link.cite_key] : []));
  return keys.length > 0 ? keys.join(' ') : null;
}
