// Builds the ParsedNode tree from an AKN document element: hierarchy elements become nodes,
// wrappers (body, list, content, doc) are looked through, text blocks become text units.
import type { Element } from '@xmldom/xmldom';
import type { NodeType, ParsedNode } from '../../model.js';
import { normalizeWhitespace } from '../shared/whitespace.js';
import { definedOnly } from './defined.js';
import { attr, childElements, childNodes, descendants, isAknElement, isElement, isText, localName } from './dom.js';
import { PathAllocator } from './paths.js';
import { looseTextUnit, plainText, textUnitsOf } from './text.js';
import {
  LABEL_ELEMENTS,
  METADATA_ELEMENTS,
  NOTE_ELEMENTS,
  QUOTATION_ELEMENTS,
  isHierarchical,
  nodeTypeOf,
} from './vocabulary.js';

interface BuildContext {
  language: string;
  aknNamespace: string | null;
  paths: PathAllocator;
  hierarchyCache: WeakMap<Element, boolean>;
  /** Path of the enclosing attachment, if any. */
  scope?: string;
}

/** A node being filled, with per-name counters for ordinals of generated paths. */
interface Owner {
  node: ParsedNode;
  ordinals: Map<string, number>;
  /** The invisible root collects no text of its own: its loose text becomes content nodes. */
  acceptsTexts: boolean;
}

/** The top-level nodes of one AKN document (act, bill, doc, ...), meta excluded. */
export function buildTree(documentElement: Element, language: string, aknNamespace: string | null): ParsedNode[] {
  const context: BuildContext = {
    language,
    aknNamespace,
    paths: new PathAllocator(),
    hierarchyCache: new WeakMap(),
  };
  const root: Owner = { node: emptyNode('root', 'root', ''), ordinals: new Map(), acceptsTexts: false };
  collectChildren(documentElement, root, context, false);
  return root.node.children;
}

function buildNode(element: Element, parent: Owner, context: BuildContext): ParsedNode {
  const name = localName(element);
  const containerName = name === 'hcontainer' ? attr(element, 'name') : undefined;
  const nodeType = nodeTypeOf(name, containerName);
  const { citeKey, title } = readLabels(element, nodeType);
  const path = context.paths.allocate({
    element,
    name: containerName ?? name,
    parentPath: parent.node.path,
    label: citeKey,
    ordinal: nextOrdinal(parent, name),
    scope: context.scope,
  });
  const node: ParsedNode = { ...emptyNode(nodeType, name, path), ...definedOnly({ title, citeKey }) };
  const childContext = nodeType === 'schedule' ? { ...context, scope: path } : context;
  collectChildren(element, { node, ordinals: new Map(), acceptsTexts: true }, childContext, true);
  return node;
}

/** Walks the children of `container` into `owner`; labels are skipped only on the node's own element. */
function collectChildren(container: Element, owner: Owner, context: BuildContext, skipLabels: boolean): void {
  for (const child of childNodes(container)) {
    if (isText(child)) {
      addText(owner, looseTextUnit([child]), undefined, context);
      continue;
    }
    if (!isElement(child)) continue;
    const name = localName(child);
    if (METADATA_ELEMENTS.has(name) || (skipLabels && LABEL_ELEMENTS.has(name))) continue;
    if (!isAknElement(child, context.aknNamespace)) addText(owner, textUnitsOf(child), child, context);
    else if (isHierarchical(name)) addChildNode(owner, buildNode(child, owner, context));
    else if (containsHierarchy(child, context)) collectChildren(child, owner, context, false);
    else addText(owner, textUnitsOf(child), child, context);
  }
}

/** Empty front/back matter (Normattiva writes `<formula><p/></formula>`) is noise, not structure. */
function addChildNode(owner: Owner, node: ParsedNode): void {
  const isEmpty = node.texts.length === 0 && node.children.length === 0 && !node.title && !node.citeKey;
  if (node.nodeType === 'content' && isEmpty) return;
  owner.node.children.push(node);
}

/**
 * Text before the first child node is the node's own text; text after a child would lose its
 * place in document order, so it becomes a 'content' node (a list's wrapUp, a trailing block).
 */
function addText(owner: Owner, units: string[], element: Element | undefined, context: BuildContext): void {
  if (units.length === 0) return;
  const texts = units.map((unit) => ({ [context.language]: unit }));
  if (owner.acceptsTexts && owner.node.children.length === 0) {
    owner.node.texts.push(...texts);
    return;
  }
  const name = element ? localName(element) : 'text';
  const path = context.paths.allocate({
    element,
    name,
    parentPath: owner.node.path,
    ordinal: nextOrdinal(owner, name),
    scope: context.scope,
  });
  owner.node.children.push({ ...emptyNode('content', name, path), texts });
}

/** True when structure sits somewhere inside (not counting quotations of other acts or notes). */
function containsHierarchy(element: Element, context: BuildContext): boolean {
  const cached = context.hierarchyCache.get(element);
  if (cached !== undefined) return cached;
  const result = childElements(element).some((child) => {
    const name = localName(child);
    if (!isAknElement(child, context.aknNamespace) || isOpaque(name)) return false;
    return isHierarchical(name) || containsHierarchy(child, context);
  });
  context.hierarchyCache.set(element, result);
  return result;
}

function isOpaque(name: string): boolean {
  return METADATA_ELEMENTS.has(name) || QUOTATION_ELEMENTS.has(name) || NOTE_ELEMENTS.has(name);
}

interface Labels {
  citeKey?: string;
  title?: string;
}

/**
 * citeKey from the first <num>; title from heading + subheading. EU files converted from
 * Formex put the article title in a second <num>, so that is the fallback title.
 */
function readLabels(element: Element, nodeType: NodeType | string): Labels {
  const nums = childElements(element, 'num').map(plainText);
  const headings = [...childElements(element, 'heading'), ...childElements(element, 'subheading')]
    .map(plainText)
    .filter((text) => text !== '');
  const title = headings.length > 0 ? headings.join(' – ') : nums[1] || undefined;
  return {
    citeKey: nums[0] ? cleanCiteKey(nums[0]) : undefined,
    title: title ?? (nodeType === 'schedule' ? scheduleTitle(element) : undefined),
  };
}

/** "Art. 1." -> "Art. 1", "Art. 1er." -> "Art. 1er", "1." -> "1"; abbreviations such as "Art." keep their dot. */
export function cleanCiteKey(num: string): string | undefined {
  const key = normalizeWhitespace(num).replace(/(\d\p{L}{0,3}|\b\p{L}|\b[IVXLCDM]+|\p{L}{5,})\.$/u, '$1');
  return key === '' ? undefined : key;
}

/** An attachment's title: the docTitle of the document it wraps, else that document's name. */
function scheduleTitle(element: Element): string | undefined {
  const docTitle = descendants(element, 'docTitle', new Set(['attachments', 'meta']))[0];
  if (docTitle) return plainText(docTitle) || undefined;
  const wrapped = childElements(element).find((child) => ['doc', 'act', 'bill'].includes(localName(child)));
  return attr(wrapped, 'name');
}

function nextOrdinal(owner: Owner, name: string): number {
  const ordinal = (owner.ordinals.get(name) ?? 0) + 1;
  owner.ordinals.set(name, ordinal);
  return ordinal;
}

function emptyNode(nodeType: NodeType | string, rawType: string, path: string): ParsedNode {
  return { nodeType, rawType, path, texts: [], children: [] };
}
