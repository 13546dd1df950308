// One version fetched in several languages arrives as one parsed document per language. The
// store takes one document with aligned texts, so the languages are joined node by node on the
// structural path; a language whose structure differs is refused with the place, never half-joined.
import type { ParsedDocument, ParsedNode } from '../model.js';

export function mergeLanguages(docs: ParsedDocument[]): ParsedDocument {
  const [main, ...others] = docs;
  if (!main) throw new Error('no language to merge');
  let nodes = main.nodes;
  for (const other of others) nodes = mergeNodes(nodes, other.nodes, other.languages[0] ?? '?', '');
  const languages = [...new Set(docs.flatMap((doc) => doc.languages))];
  return { ...main, languages, nodes };
}

function mergeNodes(into: ParsedNode[], from: ParsedNode[], language: string, parent: string): ParsedNode[] {
  if (into.length !== from.length) {
    throw new Error(
      `${language} has ${from.length} parts under "${parent || 'the act'}" where the first language has ${into.length}`,
    );
  }
  return into.map((node, index) => {
    const other = from[index]!;
    if (other.path !== node.path)
      throw new Error(`${language} has "${other.path}" where the first language has "${node.path}"`);
    if (other.texts.length !== node.texts.length) {
      throw new Error(
        `${language} has ${other.texts.length} text units in "${node.path}", the first language ${node.texts.length}`,
      );
    }
    return {
      ...node,
      texts: node.texts.map((text, i) => ({ ...text, ...other.texts[i] })),
      children: mergeNodes(node.children, other.children, language, node.path),
    };
  });
}
