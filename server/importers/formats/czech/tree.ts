// Tree assembly for Czech statutes: the open-node stack and the operations that open a group,
// article, paragraph/letter/point, schedule or top-level content node at its level.
import type { ParsedNode } from '../../model.js';
import { joinPath, uniquePath } from '../shared/paths.js';
import { normalizeWhitespace } from '../shared/whitespace.js';
import type { StatuteLanguage } from './language.js';
import type { Marker } from './markers.js';

/** Depth in the hierarchy: a new node closes every open node of the same or deeper level. */
const LEVEL: Record<string, number> = {
  part: 1,
  title: 2,
  chapter: 3,
  section: 4,
  heading: 4.5,
  article: 5,
  paragraph: 6,
  clause: 7,
  point: 8,
};

const GROUP_PATH_PREFIX: Record<string, [string, string]> = {
  part: ['cast', 'Část'],
  title: ['hlava', 'Hlava'],
  chapter: ['dil', 'Díl'],
  section: ['oddil', 'Oddíl'],
};

const INNER_SHAPE: Record<string, { level: number; nodeType: string; prefix: string; cite: (l: string) => string }> = {
  paragraph: { level: LEVEL.paragraph!, nodeType: 'paragraph', prefix: 'odst', cite: (l) => `odst. ${l}` },
  letter: { level: LEVEL.clause!, nodeType: 'clause', prefix: 'pism', cite: (l) => `písm. ${l})` },
  point: { level: LEVEL.point!, nodeType: 'clause', prefix: 'bod', cite: (l) => `bod ${l}` },
};

interface OpenNode {
  node: ParsedNode;
  level: number;
}

export interface BuildState {
  language: StatuteLanguage;
  topLevel: ParsedNode[];
  stack: OpenNode[];
  /** The top-level content node text goes to when no structure is open (intro, preamble...). */
  looseContent?: ParsedNode;
  usedPaths: Set<string>;
  /** A group or article marker was just read; its heading title may follow on the next line. */
  awaitingTitle?: { node: ParsedNode; kind: 'group' | 'article' };
  /** An unmarked heading seen just before '§ N' / 'Čl. N' ('Prezident republiky' above Čl. 54). */
  pendingArticleTitle?: string;
  seenStructure: boolean;
  afterSignatures: boolean;
  inFootnotes: boolean;
}

export function newBuildState(language: StatuteLanguage): BuildState {
  return {
    language,
    topLevel: [],
    stack: [],
    usedPaths: new Set(),
    seenStructure: false,
    afterSignatures: false,
    inFootnotes: false,
  };
}

function makeNode(
  state: BuildState,
  fields: Omit<ParsedNode, 'texts' | 'children' | 'path'>,
  path: string,
): ParsedNode {
  return { ...fields, path: uniquePath(state.usedPaths, path), texts: [], children: [] };
}

export function addText(state: BuildState, node: ParsedNode, text: string): void {
  const normalized = normalizeWhitespace(text);
  if (normalized) node.texts.push({ [state.language]: normalized });
}

/** The path of the nearest open ancestor, or '' at the top. */
function parentPath(state: BuildState): string {
  return state.stack.at(-1)?.node.path ?? '';
}

function closeTo(state: BuildState, level: number): void {
  while (state.stack.length > 0 && state.stack.at(-1)!.level >= level) state.stack.pop();
}

function attach(state: BuildState, node: ParsedNode, level: number): void {
  const parent = state.stack.at(-1)?.node;
  if (parent) parent.children.push(node);
  else state.topLevel.push(node);
  state.stack.push({ node, level });
  state.looseContent = undefined;
}

/** Whether the deepest open node is an article or something inside one. */
export function insideArticle(state: BuildState): boolean {
  return state.stack.some((open) => open.level >= LEVEL.article!);
}

/** A top-level content node (intro, preamble, signatures, footnotes) that collects loose text. */
export function openContent(state: BuildState, path: string, citeKey: string, rawType: string): ParsedNode {
  state.stack = [];
  const node = makeNode(state, { nodeType: 'content', rawType, citeKey }, path);
  state.topLevel.push(node);
  state.looseContent = node;
  state.awaitingTitle = undefined;
  return node;
}

export function openGroup(state: BuildState, marker: Marker): void {
  const [prefix, citeWord] = GROUP_PATH_PREFIX[marker.kind]!;
  const level = LEVEL[marker.kind]!;
  closeTo(state, level);
  const node = makeNode(
    state,
    { nodeType: marker.kind, rawType: marker.rawType, citeKey: `${citeWord} ${marker.number}` },
    joinPath(parentPath(state), `${prefix}-${marker.number}`),
  );
  attach(state, node, level);
  state.awaitingTitle = { node, kind: 'group' };
}

/** An unmarked Markdown heading ("### Obecná část") groups the articles that follow it. */
export function openHeadingGroup(state: BuildState, title: string): void {
  const level = LEVEL.heading!;
  closeTo(state, level);
  const node = makeNode(
    state,
    { nodeType: 'heading', rawType: 'nadpis', title: normalizeWhitespace(title) },
    joinPath(parentPath(state), `nadpis-${slugify(title) || 'x'}`),
  );
  attach(state, node, level);
  state.awaitingTitle = undefined;
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
}

/**
 * § and Čl. numbers are unique within a law, so an article's path is just 'par-10a' / 'cl-54':
 * a provision moved to another HLAVA between versions keeps its identity.
 */
export function openArticle(state: BuildState, marker: Marker): void {
  const level = LEVEL.article!;
  closeTo(state, level);
  const label = marker.label!;
  const isSection = marker.rawType === '§';
  const node = makeNode(
    state,
    { nodeType: 'article', rawType: marker.rawType, citeKey: isSection ? `§ ${label}` : `Čl. ${label}` },
    `${isSection ? 'par' : 'cl'}-${label.toLowerCase()}`,
  );
  const title = marker.rest ?? state.pendingArticleTitle;
  state.pendingArticleTitle = undefined;
  if (title) node.title = normalizeWhitespace(title);
  attach(state, node, level);
  state.awaitingTitle = title ? undefined : { node, kind: 'article' };
}

/** '(1)' paragraph, 'a)' letter or '1.' point, with the text on its marker line. */
export function openInner(state: BuildState, marker: Marker): void {
  const shape = INNER_SHAPE[marker.kind]!;
  closeTo(state, shape.level);
  const node = makeNode(
    state,
    { nodeType: shape.nodeType, rawType: marker.rawType, citeKey: shape.cite(marker.label!) },
    joinPath(parentPath(state), `${shape.prefix}-${marker.label!.toLowerCase()}`),
  );
  addText(state, node, marker.rest ?? '');
  attach(state, node, shape.level);
  state.awaitingTitle = undefined;
}

export function openSchedule(state: BuildState, marker: Marker): void {
  state.stack = [];
  const node = makeNode(
    state,
    { nodeType: 'schedule', rawType: marker.rawType, citeKey: marker.label ? `Příloha ${marker.label}` : 'Příloha' },
    marker.label ? `priloha-${marker.label.toLowerCase()}` : 'priloha',
  );
  if (marker.rest) addText(state, node, marker.rest);
  attach(state, node, 0);
  state.awaitingTitle = { node, kind: 'group' };
}
