// Flattens one parsed version into the rows of a branch: nodes in document order, aligned
// fragment groups, fragments with their content uid, and reference spans.
import type { ParsedDocument, ParsedNode } from './model.js';
import { fragmentIdFor, fragmentUidFor, groupIdFor, nodeIdFor, normalizeText, spanIdFor } from './identity.js';
import { buildReferenceIndex, findReferences } from './references.js';

export interface NodeRow {
  id: string;
  branchId: string;
  nodeType: string;
  type: string;
  title: string | null;
  /** The title by language where the source names the node in several. */
  titles: Record<string, string> | null;
  citeKey: string | null;
  externalId: string;
  orderIndex: number;
  depth: number;
  derivedParentId: string | null;
}

export interface FragmentRow {
  id: string;
  branchId: string;
  nodeId: string;
  language: string;
  seq: number;
  citeKey: string | null;
  fragmentUid: string;
  groupId: string;
  hasText: boolean;
  text: string;
  /** A text with a text in another language in its group: searched by the translation memory. */
  aligned: boolean;
}

export interface GroupRow {
  groupId: string;
  branchId: string;
  nodeId: string;
}

export interface SpanRow {
  id: string;
  fragmentId: string;
  absStart: number;
  absEnd: number;
  metadata: { kind: 'reference'; citation: string; target_node_id: string | null; external: boolean };
}

export interface BranchRows {
  nodes: NodeRow[];
  groups: GroupRow[];
  fragments: FragmentRow[];
  spans: SpanRow[];
  languages: string[];
}

export function flattenVersion(doc: ParsedDocument, branchId: string): BranchRows {
  const rows: BranchRows = { nodes: [], groups: [], fragments: [], spans: [], languages: [] };
  const referenceIndex = buildReferenceIndex(doc.nodes);
  const nodeIdByPath = new Map<string, string>();
  const pendingSpans: { fragment: FragmentRow; path: string }[] = [];
  const documentLanguages = languagesOf(doc);
  let seq = 0;

  const visit = (node: ParsedNode, depth: number, parentId: string | null) => {
    const id = nodeIdFor(branchId, node.path);
    nodeIdByPath.set(node.path, id);
    rows.nodes.push({
      id,
      branchId,
      nodeType: node.nodeType,
      type: node.rawType,
      title: node.title?.trim() || null,
      titles: titlesOf(node),
      citeKey: node.citeKey?.trim() || null,
      externalId: node.path,
      orderIndex: rows.nodes.length,
      depth,
      derivedParentId: parentId,
    });

    const units = node.texts.filter((unit) => Object.values(unit).some((text) => normalizeText(text) !== ''));
    if (units.length === 0) {
      // A structural node without text of its own still gets a cite-key-only fragment in each
      // language, so every language's reading shows the structure.
      const groupId = groupIdFor(id, 0);
      rows.groups.push({ groupId, branchId, nodeId: id });
      for (const language of documentLanguages) {
        rows.fragments.push(fragment(id, groupId, language, seq, node, '', 0));
      }
      seq++;
    }
    const occurrences = new Map<string, number>();
    units.forEach((unit, unitIndex) => {
      const groupId = groupIdFor(id, unitIndex);
      rows.groups.push({ groupId, branchId, nodeId: id });
      for (const [language, raw] of Object.entries(unit)) {
        const text = normalizeText(raw);
        if (text === '') continue;
        const key = `${language}\u0000${text}`;
        const occurrence = occurrences.get(key) ?? 0;
        occurrences.set(key, occurrence + 1);
        const row = fragment(id, groupId, language, seq, node, text, occurrence);
        rows.fragments.push(row);
        pendingSpans.push({ fragment: row, path: node.path });
      }
      seq++;
    });
    for (const child of node.children) visit(child, depth + 1, id);
  };

  const fragment = (
    nodeId: string,
    groupId: string,
    language: string,
    position: number,
    node: ParsedNode,
    text: string,
    occurrence: number,
  ): FragmentRow => ({
    id: fragmentIdFor(groupId, language),
    branchId,
    nodeId,
    language,
    seq: position,
    citeKey: node.citeKey?.trim() || null,
    fragmentUid: fragmentUidFor(language, node.path, text, occurrence),
    groupId,
    hasText: text !== '',
    text,
    aligned: false,
  });

  for (const root of doc.nodes) visit(root, 0, null);

  // Spans last: a reference may point forward to a node not visited yet.
  for (const { fragment: row, path } of pendingSpans) {
    for (const span of findReferences(row.text, row.language, path, referenceIndex)) {
      rows.spans.push({
        id: spanIdFor(row.id, span.start, span.end),
        fragmentId: row.id,
        absStart: span.start,
        absEnd: span.end,
        metadata: {
          kind: 'reference',
          citation: span.citation,
          target_node_id: span.targetPath ? (nodeIdByPath.get(span.targetPath) ?? null) : null,
          external: span.external,
        },
      });
    }
  }
  // Set here rather than by the trigger of migration 0011, which would write each row twice.
  const languagesWithText = new Map<string, Set<string>>();
  for (const row of rows.fragments) {
    if (!row.hasText) continue;
    const seen = languagesWithText.get(row.groupId) ?? new Set<string>();
    languagesWithText.set(row.groupId, seen.add(row.language));
  }
  for (const row of rows.fragments) row.aligned = row.hasText && (languagesWithText.get(row.groupId)?.size ?? 0) > 1;

  // Main language first, as the parser declared it; then any language only the texts show.
  const present = new Set(rows.fragments.filter((f) => f.hasText).map((f) => f.language));
  rows.languages = [...new Set([...documentLanguages.filter((l) => present.has(l)), ...present])];
  if (rows.languages.length === 0) rows.languages = documentLanguages;
  return rows;
}

/** The declared languages, else the ones seen in the texts; Czech when a document has none. */
function languagesOf(doc: ParsedDocument): string[] {
  if (doc.languages.length > 0) return doc.languages;
  const seen = new Set<string>();
  const walk = (nodes: ParsedNode[]) => {
    for (const node of nodes) {
      for (const unit of node.texts) for (const language of Object.keys(unit)) seen.add(language);
      walk(node.children);
    }
  };
  walk(doc.nodes);
  return seen.size > 0 ? [...seen] : ['cs'];
}

/** The node's names by language, trimmed and without empty ones; null when there are none. */
function titlesOf(node: ParsedNode): Record<string, string> | null {
  const entries = Object.entries(node.titles ?? {})
    .map(([language, title]) => [language, title.trim()] as const)
    .filter(([, title]) => title !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
