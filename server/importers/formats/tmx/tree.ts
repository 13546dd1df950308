// Folds the flat segment stream of one CELEX document into a node tree: preamble, chapters and
// articles, annexes and appendices as scopes, final provisions from 'Done at ...' on.
import type { ParsedNode } from '../../model.js';
import { pathNumber } from '../shared/numbers.js';
import { joinPath, uniquePath } from '../shared/paths.js';
import { headingOf, looksLikeTitle, type Heading } from './headings.js';
import type { RawTu } from './translation-units.js';

/** Mutable cursor while the segment stream is folded into a node tree. */
interface TreeBuilder {
  roots: ParsedNode[];
  usedPaths: Set<string>;
  /** Innermost annex/appendix: chapters and articles after it belong to it. */
  scope?: ParsedNode;
  chapter?: ParsedNode;
  current?: ParsedNode;
  /** The node whose title may be the next segment. */
  awaitingTitle?: ParsedNode;
  annexCount: number;
}

export function buildNodes(tus: RawTu[]): ParsedNode[] {
  const tree: TreeBuilder = { roots: [], usedPaths: new Set(), annexCount: 0 };
  for (const tu of tus) {
    const heading = headingOf(tu);
    if (heading) {
      tree.awaitingTitle = openHeading(tree, heading);
      continue;
    }
    const pending = tree.awaitingTitle;
    tree.awaitingTitle = undefined;
    if (pending && looksLikeTitle(tu.segments.en)) {
      pending.title = tu.segments.en;
      // The title in every language of the unit, for a reader in another language.
      const titles = titlesOf(tu.segments);
      if (titles) pending.titles = titles;
      continue;
    }
    if (!tree.scope && tree.current?.path !== 'final' && /^Done at\b/.test(tu.segments.en ?? '')) {
      openFinalProvisions(tree);
    }
    currentNode(tree).texts.push({ ...tu.segments });
  }
  return tree.roots;
}

function currentNode(tree: TreeBuilder): ParsedNode {
  if (!tree.current) {
    // Title, recitals and everything else before the first heading.
    tree.current = newNode(tree, 'content', 'preamble', 'preamble', 'Preamble');
    tree.roots.push(tree.current);
  }
  return tree.current;
}

function openFinalProvisions(tree: TreeBuilder): void {
  tree.chapter = undefined;
  tree.current = newNode(tree, 'content', 'final', 'final');
  tree.roots.push(tree.current);
}

function openHeading(tree: TreeBuilder, heading: Heading): ParsedNode {
  switch (heading.kind) {
    case 'annex': {
      tree.annexCount++;
      const number = heading.label ? pathNumber(heading.label) : String(tree.annexCount);
      const node = newNode(tree, 'schedule', 'ANNEX', `annex-${number}`, citeLabel('Annex', heading.label));
      tree.roots.push(node);
      return enterScope(tree, node);
    }
    case 'appendix': {
      const parent = tree.scope?.nodeType === 'appendix' ? undefined : tree.scope;
      const number = heading.label ? pathNumber(heading.label) : '1';
      const node = newNode(
        tree,
        'appendix',
        'APPENDIX',
        joinPath(parent?.path, `app-${number}`),
        citeLabel('Appendix', heading.label),
      );
      (parent?.children ?? tree.roots).push(node);
      return enterScope(tree, node);
    }
    case 'chapter': {
      const node = newNode(
        tree,
        'chapter',
        'CHAPTER',
        joinPath(tree.scope?.path, `chp-${pathNumber(heading.label)}`),
        citeLabel('Chapter', heading.label),
      );
      (tree.scope?.children ?? tree.roots).push(node);
      tree.chapter = node;
      tree.current = node;
      return node;
    }
    case 'article': {
      // Article numbers run through chapters, so the path skips the chapter.
      const node = newNode(
        tree,
        'article',
        'Article',
        joinPath(tree.scope?.path, `art-${heading.label}`),
        `Article ${heading.label}`,
      );
      (tree.chapter?.children ?? tree.scope?.children ?? tree.roots).push(node);
      tree.current = node;
      return node;
    }
  }
}

function enterScope(tree: TreeBuilder, node: ParsedNode): ParsedNode {
  tree.scope = node;
  tree.chapter = undefined;
  tree.current = node;
  return node;
}

function newNode(
  tree: TreeBuilder,
  nodeType: string,
  rawType: string,
  wantedPath: string,
  citeKey?: string,
): ParsedNode {
  // DGT-TM drops repeated segments, so equal headings can recur; later ones get '~2', '~3'.
  const node: ParsedNode = { nodeType, rawType, path: uniquePath(tree.usedPaths, wantedPath), texts: [], children: [] };
  if (citeKey) node.citeKey = citeKey;
  return node;
}

function citeLabel(word: string, label: string): string {
  return label ? `${word} ${label}` : word;
}

/** The non-empty title segments by language; undefined when the unit holds only one language. */
function titlesOf(segments: Record<string, string>): Record<string, string> | undefined {
  const titles = Object.fromEntries(Object.entries(segments).filter(([, text]) => text.trim() !== ''));
  return Object.keys(titles).length > 1 ? titles : undefined;
}
