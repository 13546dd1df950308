// One version fetched in several languages arrives as one parsed document per language. The
// store takes one document with aligned texts, so the languages are joined node by node on the
// structural path; a language whose structure differs is refused with the place, never half-joined.
// Each language's node names are kept too (`titles`), so the reader heads a provision in its language.
import type { ParsedDocument, ParsedNode } from '../model.js';

export function mergeLanguages(docs: ParsedDocument[]): ParsedDocument {
  const [main, ...others] = docs;
  if (!main) throw new Error('no language to merge');
  let nodes = others.length > 0 ? withTitles(main.nodes, main.languages[0]) : main.nodes;
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
    const title = other.title?.trim();
    return {
      ...node,
      ...(title ? { titles: { ...node.titles, [language]: title } } : {}),
      texts: node.texts.map((text, i) => ({ ...text, ...other.texts[i] })),
      children: mergeNodes(node.children, other.children, language, node.path),
    };
  });
}

/** The main language's node names keyed by its code, so that the other languages' join them. */
function withTitles(nodes: ParsedNode[], language: string | undefined): ParsedNode[] {
  return nodes.map((node) => {
    const title = node.title?.trim();
    const titles = language && title ? { ...node.titles, [language]: title } : node.titles;
    return { ...node, ...(titles ? { titles } : {}), children: withTitles(node.children, language) };
  });
}
