// How each provision is set in reading mode: parts, titles, chapters, divisions, § and Čl. are
// headings (their outline level from how many headings hold them, their size from their kind);
// odst., písm. and bod are numbered items ('(1)', 'a)', '1.') indented by how many items hold them.
import type { Node } from '../../api/contract';
import { provisionKind, type ProvisionKind } from '../structure-tree/node-types';

export type ProvisionLayout =
  | { role: 'heading'; kind: ProvisionKind | 'other'; level: 2 | 3 | 4 | 5 | 6 }
  | { role: 'item'; kind: ProvisionKind; marker: string; depth: number }
  /** The act's opening lines (number, 'ZÁKON', date, title, enacting words): text, no heading. */
  | { role: 'plain' };

const OPENING_TYPES: ReadonlySet<string> = new Set(['úvod', 'intro', 'akn:preface']);

const ITEM_KINDS: ReadonlySet<ProvisionKind> = new Set(['subsection', 'paragraph', 'letter', 'point']);

/** The number a reader sees before an item: 'odst. 1' -> '(1)', 'písm. a)' -> 'a)', 'bod 1' -> '1.'. */
export function itemMarker(kind: ProvisionKind, citeKey: string | null): string {
  const number = (citeKey ?? '')
    .replace(/^\s*(odst\.|odstavec|písm\.|pism\.|bod|paragraph|point|letter)\s*/iu, '')
    .trim();
  if (!number) return '';
  if (kind === 'subsection') return `(${number.replace(/^\(|\)$/g, '')})`;
  if (kind === 'letter') return number.endsWith(')') ? number : `${number})`;
  if (kind === 'point' && /^\d+[a-z]?$/iu.test(number)) return `${number}.`;
  return number;
}

/** The layout of every node, from the structure (a node's ancestors decide its levels). */
export function provisionLayouts(nodes: readonly Node[]): Map<string, ProvisionLayout> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const layouts = new Map<string, ProvisionLayout>();
  const layoutOf = (node: Node): ProvisionLayout => {
    const known = layouts.get(node.id);
    if (known) return known;
    const parent = node.derived_parent_id ? byId.get(node.derived_parent_id) : undefined;
    const above = parent && parent.id !== node.id ? layoutOf(parent) : undefined;
    const kind = provisionKind(node);
    let layout: ProvisionLayout;
    if (kind === 'content' && OPENING_TYPES.has(node.type)) layout = { role: 'plain' };
    else if (kind && ITEM_KINDS.has(kind)) {
      layout = {
        role: 'item',
        kind,
        marker: itemMarker(kind, node.cite_key),
        depth: above?.role === 'item' ? above.depth + 1 : 0,
      };
    } else {
      const level = above?.role === 'heading' ? Math.min(6, above.level + 1) : 2;
      layout = { role: 'heading', kind: kind ?? 'other', level: level as 2 | 3 | 4 | 5 | 6 };
    }
    layouts.set(node.id, layout);
    return layout;
  };
  for (const node of nodes) layoutOf(node);
  return layouts;
}

/** A heading typed in capitals in the source ('ZÁKLADNÍ USTANOVENÍ'): set smaller and spaced. */
export const isAllCaps = (text: string) => /\p{Lu}{3}/u.test(text) && text === text.toLocaleUpperCase();
