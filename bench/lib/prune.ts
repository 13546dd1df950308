// Cuts a parsed document down to its first N text units in document order (structure kept).
import type { ParsedDocument, ParsedNode } from '../../server/importers/model.js';

export function countTexts(nodes: ParsedNode[]): number {
  return nodes.reduce((sum, node) => sum + node.texts.length + countTexts(node.children), 0);
}

export function firstTexts(doc: ParsedDocument, maxTexts: number): ParsedDocument {
  let budget = maxTexts;
  const prune = (nodes: ParsedNode[]): ParsedNode[] => {
    const kept: ParsedNode[] = [];
    for (const node of nodes) {
      if (budget <= 0) break;
      const texts = node.texts.slice(0, budget);
      budget -= texts.length;
      kept.push({ ...node, texts, children: prune(node.children) });
    }
    return kept;
  };
  return { ...doc, nodes: prune(doc.nodes) };
}
