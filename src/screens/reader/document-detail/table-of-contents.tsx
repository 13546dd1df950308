// The table of contents: the document's headings (parts, titles, chapters, divisions, § and Čl.;
// no odst. or písm.) as the structure tree, fully open, the heading the reader is in highlighted
// and kept in view.
import { useMemo } from 'react';
import type { Node } from '../../../api/contract';
import { StructureTree } from '../../../components/structure-tree/structure-tree';
import { provisionKind, type ProvisionKind } from '../../../components/structure-tree/node-types';
import { labelInLanguage } from '../../../components/text-viewer/heading-language';
import { nameInLanguage } from '../../../components/text-viewer/node-name';

const ITEM_KINDS: ReadonlySet<ProvisionKind> = new Set(['subsection', 'paragraph', 'letter', 'point']);

/**
 * The nodes a table of contents lists: the headings, not the numbered items. A node with neither
 * a label nor a name (an EU act's closing 'Done at …' block, text after an article's points) has
 * no heading in the text either, so it is no entry: it would show its path ('final', 'txt-3').
 * It stays when it holds headings, to keep them in their place.
 */
export function contentsNodes(nodes: readonly Node[]): Node[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const holdsHeading = new Set<string>();
  for (const node of nodes) {
    if (!node.cite_key && !node.title) continue;
    let id = node.derived_parent_id;
    for (let steps = 0; id && steps < 64; steps++) {
      holdsHeading.add(id);
      id = byId.get(id)?.derived_parent_id ?? null;
    }
  }
  return nodes.filter((node) => {
    const kind = provisionKind(node);
    if (kind && ITEM_KINDS.has(kind)) return false;
    return Boolean(node.cite_key || node.title) || holdsHeading.has(node.id);
  });
}

/** What an unlabelled part that holds headings is called (an Akoma Ntoso preamble holding its recitals). */
const PART_NAMES: Record<string, string> = { preamble: 'Preamble', recitals: 'Recitals' };

/**
 * The entries as listed, labelled and named in the reading language ('Článek 4 Sekretariát' for an
 * EU act read in Czech; the stored name where the source has none in that language).
 */
export const contentsOf = (nodes: readonly Node[], lang: string | undefined): Node[] =>
  contentsNodes(nodes).map((node) => {
    const label = node.cite_key ?? (node.title ? null : (PART_NAMES[node.type] ?? null));
    const named = { ...node, title: nameInLanguage(node, lang) };
    return label ? { ...named, cite_key: labelInLanguage(label, lang) } : named;
  });

/** The listed node that holds `nodeId` (itself when listed). */
export function contentsEntryOf(
  nodeId: string | undefined,
  byId: ReadonlyMap<string, Node>,
  listed: ReadonlySet<string>,
): string | undefined {
  for (let id = nodeId, steps = 0; id && steps < 64; id = byId.get(id)?.derived_parent_id ?? undefined, steps++)
    if (listed.has(id)) return id;
  return undefined;
}

export interface TableOfContentsProps {
  nodes: readonly Node[];
  /** The provision at the top of the window, else the one the address names. */
  currentNodeId?: string;
  onSelect: (nodeId: string) => void;
  /** The reading language: the headings are labelled in it, as the text is ('Článek 1'). */
  lang?: string;
}

export function TableOfContents({ nodes, currentNodeId, onSelect, lang }: TableOfContentsProps) {
  const listed = useMemo(() => contentsOf(nodes, lang), [nodes, lang]);
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const listedIds = useMemo(() => new Set(listed.map((node) => node.id)), [listed]);
  const current = contentsEntryOf(currentNodeId, byId, listedIds);
  return <StructureTree nodes={listed} selectedNodeId={current} onSelect={onSelect} openDepth={8} fill />;
}
