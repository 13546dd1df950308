// DOM access for Formex: strict XML parsing with a positioned ImportError, and element lookup
// by name (Formex has no namespaces, so names are compared as written).
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { ImportError } from '../../model.js';

export function parseXml(content: string, file: string): Element {
  let failure: { message: string; line?: number } | undefined;
  const onError = (level: string, message: string, context: unknown) => {
    // Warnings (e.g. an unresolvable DOCTYPE) are harmless; errors mean ill-formed input.
    if (level === 'warning') return;
    failure ??= { message, line: (context as { locator?: { lineNumber?: number } } | undefined)?.locator?.lineNumber };
    throw new Error(message); // stop parsing at the first error
  };
  let root: Element | null = null;
  try {
    root = new DOMParser({ onError }).parseFromString(content.replace(/^\uFEFF/, ''), 'text/xml').documentElement;
  } catch (error) {
    failure ??= { message: error instanceof Error ? error.message : String(error) };
  }
  if (failure || !root) {
    const place = failure?.line ? `line ${failure.line}` : 'document';
    throw new ImportError(file, place, `not well-formed XML: ${firstLine(failure?.message ?? 'no root element')}`);
  }
  return root;
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? text;
}

export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n)) out.push(n);
  return out;
}

export function child(el: Element | undefined, name: string): Element | undefined {
  return el ? childElements(el).find((c) => c.nodeName === name) : undefined;
}

/** First element reached by a path of child names: childPath(root, 'BIB.DOC', 'NO.DOC'). */
export function childPath(el: Element | undefined, ...names: string[]): Element | undefined {
  return names.reduce<Element | undefined>((cur, name) => child(cur, name), el);
}

export function descendants(el: Element, name: string): Element[] {
  return Array.from(el.getElementsByTagName(name));
}
