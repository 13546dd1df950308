// Index of a document's citable units by cite-key token (article → paragraph → clause), and the
// resolution of scanned references against it, absolute or relative to the node holding the text.
import type { ParsedNode } from '../model.js';
import type { Component } from './scanner.js';
import { classifyNode, normalizeToken, type NodeLevel } from './tokens.js';

export interface IndexEntry {
  readonly path: string;
  readonly level: NodeLevel;
  /** The enclosing entry; null for articles and annexes (the top of a relative lookup). */
  readonly parent: IndexEntry | null;
  paragraphs: Map<string, IndexEntry> | null;
  clauses: Map<string, IndexEntry> | null;
}

export interface ReferenceIndex {
  /** Article token ('54', '10a', 'i') → first article with it in document order. */
  readonly articles: ReadonlyMap<string, IndexEntry>;
  /** Every node path inside an article or annex → its nearest citable entry (itself or an ancestor). */
  readonly scopes: ReadonlyMap<string, IndexEntry>;
}

/** One pass over the tree, O(nodes). */
export function buildReferenceIndex(nodes: ParsedNode[]): ReferenceIndex {
  const index = { articles: new Map<string, IndexEntry>(), scopes: new Map<string, IndexEntry>() };
  for (const node of nodes) addNode(index, node, null);
  return index;
}

function addNode(
  index: { articles: Map<string, IndexEntry>; scopes: Map<string, IndexEntry> },
  node: ParsedNode,
  enclosing: IndexEntry | null,
): void {
  const entry = makeEntry(node, enclosing);
  if (entry?.level === 'article') {
    const token = normalizeToken(node.citeKey ?? '');
    if (!index.articles.has(token)) index.articles.set(token, entry);
  }
  const scope = entry ?? enclosing;
  if (scope) index.scopes.set(node.path, scope);
  for (const child of node.children) addNode(index, child, scope);
}

/** A citable entry for the node, or null when references cannot name it (it stays transparent). */
function makeEntry(node: ParsedNode, enclosing: IndexEntry | null): IndexEntry | null {
  const level = classifyNode(node);
  if (level === 'article' || level === 'scope') {
    // Articles and annexes start a fresh scope even when nested (amending acts quote whole articles).
    return level === 'scope' || normalizeToken(node.citeKey ?? '') ? newEntry(node.path, level, null) : null;
  }
  const token = normalizeToken(node.citeKey ?? '');
  if (!level || !enclosing || !token) return null;
  const entry = newEntry(node.path, level, enclosing);
  const siblings = level === 'paragraph' ? (enclosing.paragraphs ??= new Map()) : (enclosing.clauses ??= new Map());
  if (!siblings.has(token)) siblings.set(token, entry);
  return entry;
}

function newEntry(path: string, level: NodeLevel, parent: IndexEntry | null): IndexEntry {
  return { path, level, parent, paragraphs: null, clauses: null };
}

/**
 * Path of the node a reference names, or null. Resolution goes as deep as the tree allows:
 * 'čl. 54 odst. 9' without a paragraph 9 gives article 54's path (the deepest unit that exists),
 * so a reader still lands next to the text; an unknown article gives null.
 */
export function resolveReference(
  index: ReferenceIndex,
  components: readonly Component[],
  contextPath: string,
): string | null {
  const first = components[0];
  if (!first) return null;
  if (first.level === 'article') {
    const article = index.articles.get(first.token);
    return article ? descend(article, components, 1).path : null;
  }
  return resolveRelative(index, components, contextPath);
}

/**
 * 'odstavce 2', 'písmene b)', 'bodu 3': the nearest enclosing unit of the context that has the
 * first part wins (walking up from the context); when none has it, the implied scope (the
 * article for a paragraph, the paragraph or article for a clause) is the deepest existing unit.
 */
function resolveRelative(index: ReferenceIndex, components: readonly Component[], contextPath: string): string | null {
  const context = index.scopes.get(contextPath);
  const first = components[0]!;
  for (let scope = context ?? null; scope; scope = scope.parent) {
    const hit = childOf(scope, first);
    if (hit) return descend(hit, components, 1).path;
  }
  return context ? impliedScope(context, first).path : null;
}

function descend(entry: IndexEntry, components: readonly Component[], from: number): IndexEntry {
  let current = entry;
  for (let i = from; i < components.length; i++) {
    const component = components[i]!;
    if (component.level === 'ignore') continue;
    const child = childOf(current, component);
    if (!child) break;
    current = child;
  }
  return current;
}

function childOf(entry: IndexEntry, component: Component): IndexEntry | undefined {
  if (component.level === 'paragraph') return entry.paragraphs?.get(component.token);
  if (component.level === 'clause') return entry.clauses?.get(component.token);
  return undefined;
}

function impliedScope(context: IndexEntry, first: Component): IndexEntry {
  let scope = context;
  const wanted: NodeLevel = first.level === 'clause' ? 'paragraph' : 'article';
  while (scope.parent && scope.level !== wanted) scope = scope.parent;
  return scope;
}
