// Repealed articles ('Čl. 103 zrušen') are no provisions of the version being read: the
// finished tree drops them.
import type { ParsedNode } from '../../model.js';

/** A repealed article ('Čl. 103 zrušen') is no provision of this version: it is dropped. */
function isRepealed(node: ParsedNode): boolean {
  if (node.nodeType !== 'article' || node.children.length > 0) return false;
  const texts = node.texts.flatMap((t) => Object.values(t));
  const onlyRepealed = (s: string) => /^\(?(zrušen[oaý]?|zrušený|zrušené)\)?\.?$/iu.test(s.trim());
  if (texts.length === 0) return node.title !== undefined && onlyRepealed(node.title);
  return texts.every(onlyRepealed);
}

export function dropRepealed(nodes: ParsedNode[]): ParsedNode[] {
  return nodes.filter((n) => !isRepealed(n)).map((n) => ({ ...n, children: dropRepealed(n.children) }));
}
