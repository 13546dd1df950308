// The table of contents: the document's headings (parts, titles, chapters, divisions, § and Čl.;
// no odst. or písm.) as the structure tree, fully open, the heading the reader is in highlighted
// and kept in view.
import { useMemo } from 'react';
import type { Node } from '../../../api/contract';
import { StructureTree } from '../../../components/structure-tree/structure-tree';
import { provisionKind, type ProvisionKind } from '../../../components/structure-tree/node-types';
import { labelInLanguage } from '../../../components/text-viewer/heading-language';

const ITEM_KINDS: ReadonlySet<ProvisionKind> = new Set(['subsection', 'paragraph', 'letter', 'point']);

/** The nodes a table of contents lists: every node but the numbered items. */
export const contentsNodes = (nodes: readonly Node[]) =>
  nodes.filter((node) => {
    const kind = provisionKind(node);
    return !kind || !ITEM_KINDS.has(kind);
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
  const listed = useMemo(
    () =>
      contentsNodes(nodes).map((node) =>
        node.cite_key ? { ...node, cite_key: labelInLanguage(node.cite_key, lang) } : node,
      ),
    [nodes, lang],
  );
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const listedIds = useMemo(() => new Set(listed.map((node) => node.id)), [listed]);
  const current = contentsEntryOf(currentNodeId, byId, listedIds);
  return <StructureTree nodes={listed} selectedNodeId={current} onSelect={onSelect} openDepth={8} fill />;
}
