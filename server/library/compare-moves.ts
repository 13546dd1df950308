// Provisions whose text moved between two versions: Čl. 1's text now in Čl. 1 odst. 1, an
// odstavec renumbered from 2 to 3, an article's text split into its new odstavce. Matching by
// path alone reads these as "removed" plus "added"; here a text that left its place is looked for
// among the new texts of its children, siblings and parent, and matched when its words mostly agree.

/** The part of a node the matching needs. */
export interface MoveNode {
  id: string;
  path: string;
  /** The fragment uids of its own text; null when it has none. */
  uids: string | null;
}

export interface Move {
  /** The node in the older version (A). */
  from: MoveNode;
  /** Where its text is in the newer version (B): one node, or its new children in order. */
  to: MoveNode[];
}

/** Word overlap needed to call a text the same provision moved (Dice coefficient of words). */
export const MOVE_SIMILARITY = 0.6;

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const isBelow = (path: string, ancestor: string) => path.startsWith(`${ancestor}/`);

const wordsOf = (text: string) => text.toLocaleLowerCase('cs').match(/[\p{L}\p{N}]+/gu) ?? [];

/** Dice coefficient over the two texts' word multisets: 1 for the same words, 0 for none shared. */
export function wordSimilarity(x: string, y: string): number {
  const a = wordsOf(x);
  const b = wordsOf(y);
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of b) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(word, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}

/** A's texts B does not have at the same path, and B's texts A does not have at the same path. */
function moveEnds(nodesA: MoveNode[], nodesB: MoveNode[]) {
  const byPathA = new Map(nodesA.map((n) => [n.path, n]));
  const byPathB = new Map(nodesB.map((n) => [n.path, n]));
  return {
    sources: nodesA.filter((a) => a.uids !== null && byPathB.get(a.path)?.uids !== a.uids),
    targets: nodesB.filter((b) => b.uids !== null && byPathA.get(b.path)?.uids !== b.uids),
  };
}

/** The nodes whose texts the matching reads: both ends and what stands at their paths in the other version. */
export function moveTextIds(nodesA: MoveNode[], nodesB: MoveNode[]): string[] {
  const byPathA = new Map(nodesA.map((n) => [n.path, n]));
  const byPathB = new Map(nodesB.map((n) => [n.path, n]));
  const { sources, targets } = moveEnds(nodesA, nodesB);
  if (sources.length === 0 || targets.length === 0) return [];
  const ids = new Set<string>();
  for (const a of sources) [a, byPathB.get(a.path)].forEach((n) => n?.uids && ids.add(n.id));
  for (const b of targets) [b, byPathA.get(b.path)].forEach((n) => n?.uids && ids.add(n.id));
  return [...ids];
}

/**
 * The moves between A and B. Sources are A's texts that B does not have at the same path;
 * targets are B's texts that A does not have at the same path. A source goes to the related target
 * (or to all its new children together, for a text split into odstavce) that is most alike, when
 * that is closer than what now stands at its own path. Each node is used once, best pairs first.
 */
export function findMoves(nodesA: MoveNode[], nodesB: MoveNode[], textOf: (id: string) => string): Move[] {
  const byPathA = new Map(nodesA.map((n) => [n.path, n]));
  const byPathB = new Map(nodesB.map((n) => [n.path, n]));
  const { sources, targets } = moveEnds(nodesA, nodesB);
  const targetsByParent = new Map<string, MoveNode[]>();
  for (const t of targets) targetsByParent.set(parentOf(t.path), [...(targetsByParent.get(parentOf(t.path)) ?? []), t]);
  const targetByPath = new Map(targets.map((t) => [t.path, t]));
  /** Its children, siblings and ancestors among the targets. */
  const relatedTargets = (path: string) => {
    const found = [...(targetsByParent.get(path) ?? []), ...(targetsByParent.get(parentOf(path)) ?? [])];
    for (let up = parentOf(path); up !== ''; up = parentOf(up)) {
      const ancestor = targetByPath.get(up);
      if (ancestor) found.push(ancestor);
    }
    return found.filter((t) => t.path !== path);
  };

  const options: { move: Move; score: number }[] = [];
  for (const source of sources) {
    const sourceText = textOf(source.id);
    const staying = byPathB.get(source.path);
    const stayScore = staying?.uids ? wordSimilarity(sourceText, textOf(staying.id)) : 0;
    const candidates = relatedTargets(source.path);
    const children = candidates.filter((t) => parentOf(t.path) === source.path && !byPathA.has(t.path));
    const groups = candidates.map((t) => [t]);
    if (children.length > 1) groups.push(children);
    for (const group of groups) {
      const score = wordSimilarity(sourceText, group.map((t) => textOf(t.id)).join('\n'));
      // A target whose own path kept a similar text is that text changed, not this one moved.
      const targetStay = group.length === 1 ? byPathA.get(group[0]!.path) : undefined;
      const targetStayScore = targetStay?.uids ? wordSimilarity(textOf(targetStay.id), textOf(group[0]!.id)) : 0;
      if (score >= MOVE_SIMILARITY && score > stayScore && score > targetStayScore) {
        options.push({ move: { from: source, to: group }, score });
      }
    }
  }

  options.sort((x, y) => y.score - x.score || y.move.to.length - x.move.to.length);
  const usedA = new Set<string>();
  const usedB = new Set<string>();
  const moves: Move[] = [];
  for (const { move } of options) {
    if (usedA.has(move.from.id) || move.to.some((t) => usedB.has(t.id))) continue;
    usedA.add(move.from.id);
    for (const t of move.to) usedB.add(t.id);
    moves.push(move);
  }
  return moves;
}

/** Node pairs of the nodes below each moved node, matched by the rest of their path (odst. 2 písm. a -> odst. 3 písm. a). */
export function movedDescendants(moves: Move[], nodesA: MoveNode[], nodesB: MoveNode[]): [MoveNode, MoveNode][] {
  const byPathA = new Map(nodesA.map((n) => [n.path, n]));
  const byPathB = new Map(nodesB.map((n) => [n.path, n]));
  const pairs: [MoveNode, MoveNode][] = [];
  for (const { from, to } of moves) {
    if (to.length !== 1) continue;
    const target = to[0]!;
    for (const a of nodesA) {
      if (!isBelow(a.path, from.path)) continue;
      const b = byPathB.get(target.path + a.path.slice(from.path.length));
      // Only nodes that path matching left alone: a chain of renumberings keeps its own pairs.
      if (b && !byPathB.has(a.path) && !byPathA.has(b.path)) pairs.push([a, b]);
    }
  }
  return pairs;
}
