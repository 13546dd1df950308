// Namespace-agnostic DOM access for Akoma Ntoso: strict parsing with positioned errors, and
// element lookup by local name under whatever AKN namespace the root element uses.
import { DOMParser, ParseError, type Document, type Element, type Node } from '@xmldom/xmldom';
import { ImportError } from '../../model.js';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

interface ParseProblem {
  message: string;
  line?: number;
  column?: number;
}

/** Parses XML; any xmldom error (not only fatal ones) becomes an ImportError with line/column. */
export function parseXml(content: string, file: string): Document {
  let problem: ParseProblem | undefined;
  const parser = new DOMParser({
    onError(level, message, context: { locator?: { lineNumber?: number; columnNumber?: number } }) {
      if (level === 'warning') return;
      problem ??= { message, line: context?.locator?.lineNumber, column: context?.locator?.columnNumber };
      throw new Error(message); // stops xmldom; it rethrows as ParseError
    },
  });
  try {
    return parser.parseFromString(content, 'text/xml');
  } catch (error) {
    if (!(error instanceof ParseError) && problem === undefined) throw error;
    const found = problem ?? { message: (error as Error).message };
    throw new ImportError(file, describePosition(found), `malformed XML: ${found.message}`);
  }
}

function describePosition(problem: ParseProblem): string {
  if (!problem.line) return 'document';
  return problem.column ? `line ${problem.line}, column ${problem.column}` : `line ${problem.line}`;
}

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === ELEMENT_NODE;
}

export function isText(node: Node): boolean {
  return node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE;
}

export function localName(element: Element): string {
  return element.localName ?? element.nodeName.replace(/^.*:/, '');
}

export function childNodes(parent: Node | undefined): Node[] {
  const nodes: Node[] = [];
  for (let child = parent?.firstChild; child; child = child.nextSibling) nodes.push(child);
  return nodes;
}

export function childElements(parent: Node | undefined, name?: string): Element[] {
  return childNodes(parent).filter(
    (node): node is Element => isElement(node) && (name === undefined || localName(node) === name),
  );
}

export function firstChild(parent: Node | undefined, name: string): Element | undefined {
  return childElements(parent, name)[0];
}

/** Descendants with the given local name, not looking inside elements named in `barriers`. */
export function descendants(parent: Node, name: string, barriers: ReadonlySet<string> = new Set()): Element[] {
  const found: Element[] = [];
  for (const child of childElements(parent)) {
    const childName = localName(child);
    if (childName === name) found.push(child);
    if (!barriers.has(childName)) found.push(...descendants(child, name, barriers));
  }
  return found;
}

/** Attribute value, or undefined when absent or blank. */
export function attr(element: Element | undefined, name: string): string | undefined {
  const value = element?.getAttribute(name)?.trim();
  return value ? value : undefined;
}

/** "/akomaNtoso/act/body" style location of an element, for error messages. */
export function elementPath(element: Element): string {
  const names: string[] = [];
  for (let node: Node | null = element; isElement(node); node = node.parentNode) names.unshift(localName(node));
  return '/' + names.join('/');
}

/**
 * True when the element belongs to the document's AKN vocabulary: same namespace as the root
 * (3.0, CSD13, WD17 or LegalDocML.de alike). Foreign metadata (fmx:, regtxt:, scl:) is not.
 */
export function isAknElement(element: Element, aknNamespace: string | null): boolean {
  return (element.namespaceURI ?? null) === aknNamespace;
}
