// What changed between two versions, provision by provision. Nodes are matched by structural
// path; a node's text is its fragments with text in one language joined by '\n' in seq order.
//
// Two statements whatever the size: every node of both versions with the fragment uids of its
// text (compact; the matching happens here), then titles and texts of the one page asked for.
// Imported text only: a comparison answers everyone alike, and saved translations are private.
import { sql } from 'drizzle-orm';
import type {
  AddedOrRemovedProvision,
  ChangedProvision,
  CompareChanges,
} from '../../src/api/contract/compare-changes.js';
import type { Db } from '../db/client.js';
import { notFound, validationFailed } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';
import { findMoves, movedDescendants, moveTextIds, type Move } from './compare-moves.js';

export interface CompareChangesRequest {
  branchA: string;
  branchB: string;
  lang?: string;
  limit: number;
  offset: number;
}

interface NodeRow {
  id: string;
  path: string;
  parent_id: string | null;
  node_type: string;
  cite_key: string | null;
  order_index: number;
  /**
   * The uids of the node's fragments with text in the language, in order; null when it has none.
   * A uid hashes language, path, occurrence and text, so at one path equal lists mean equal text.
   */
  uids: string | null;
}

/** Nodes that only group others: left out of citations ('Čl. 54 odst. 2', not 'Hlava 3 Čl. 54 odst. 2'). */
const CONTAINER_TYPES = new Set(['part', 'book', 'title', 'chapter', 'section', 'subsection', 'division']);

export async function compareChanges(db: Db, request: CompareChangesRequest): Promise<CompareChanges> {
  const { branchA, branchB } = request;
  const head = await readStructure(db, request);
  const branches = JSON.parse(head.branches ?? '[]') as [string, string[]][];
  const a = branches.find(([id]) => id === branchA);
  const b = branches.find(([id]) => id === branchB);
  if (!a || !b) throw notFound('Branch');
  const languages = [...new Set([...b[1], ...a[1]])];
  if (request.lang !== undefined && !languages.includes(request.lang)) {
    throw validationFailed('lang', `neither version has text in "${request.lang}"`);
  }
  const language = head.language;

  const uidsOf = new Map<string, string>();
  for (const record of splitRecords(head.uids)) {
    const [nodeId = '', uid = ''] = record.split(UNIT);
    const before = uidsOf.get(nodeId);
    uidsOf.set(nodeId, before === undefined ? uid : `${before} ${uid}`);
  }
  const nodesA = parseNodes(head.nodes_a, uidsOf);
  const nodesB = parseNodes(head.nodes_b, uidsOf);
  // Texts only for the nodes that may have moved: a handful, however long the act.
  const moveTexts = await readDetails(db, request, language, moveTextIds(nodesA, nodesB));
  const moves = findMoves(nodesA, nodesB, (id) => moveTexts.get(id)?.text ?? '');
  const plan = planChanges(nodesA, nodesB, moves);
  const page = plan.items.slice(request.offset, request.offset + request.limit);
  const ancestorsOf = (node: NodeRow, version: NodeRow[]) => ancestors(node, version);
  const details = await readDetails(
    db,
    request,
    language,
    page.flatMap((item) => {
      const own =
        item.kind === 'changed'
          ? [item.a.id, ...item.b.map((n) => n.id)]
          : [item.node.id, ...item.subtree.map((n) => n.id)];
      const shown = item.kind === 'changed' ? item.b[0]! : item.node;
      return [...own, ...ancestorsOf(shown, item.kind === 'removed' ? nodesA : nodesB).map((n) => n.id)];
    }),
  );
  const textOf = (id: string) => details.get(id)?.text ?? '';
  const place = (node: NodeRow, version: NodeRow[], citation: string | null, position: number) => ({
    path: node.path,
    cite_key: node.cite_key,
    citation,
    node_type: node.node_type,
    title: details.get(node.id)?.title ?? null,
    headings: ancestorsOf(node, version)
      .map((n) => ({ path: n.path, cite_key: n.cite_key, title: details.get(n.id)?.title ?? null }))
      .filter((h) => h.cite_key !== null || h.title !== null),
    position,
  });

  const changed: ChangedProvision[] = [];
  const added: AddedOrRemovedProvision[] = [];
  const removed: AddedOrRemovedProvision[] = [];
  page.forEach((item, index) => {
    const position = request.offset + index;
    if (item.kind === 'changed') {
      changed.push({
        ...place(item.b[0]!, nodesB, item.citation, position),
        node_id_a: item.a.id,
        node_id_b: item.b[0]!.id,
        text_a: textOf(item.a.id),
        text_b: item.b.map((n) => textOf(n.id)).join('\n'),
        moved_from: item.moved ? { path: item.a.path, citation: item.citationA } : null,
      });
      return;
    }
    (item.kind === 'added' ? added : removed).push({
      ...place(item.node, item.kind === 'added' ? nodesB : nodesA, item.citation, position),
      node_id: item.node.id,
      text: textOf(item.node.id),
      descendants: item.descendants,
      subtree: item.subtree.map((n) => ({ path: n.path, cite_key: n.cite_key, text: textOf(n.id) })),
    });
  });
  const next = request.offset + request.limit;
  return {
    branch_id_a: branchA,
    branch_id_b: branchB,
    language,
    languages,
    changed,
    added,
    removed,
    counts: plan.counts,
    next_offset: next < plan.items.length ? next : null,
  };
}

// Control characters as separators: they never occur in paths, cite keys, ids or uids.
const UNIT = '\u001f';
const RECORD = '\u001e';
const splitRecords = (text: string | null) => (text ? text.split(RECORD) : []);

/**
 * One statement for the structure of both versions. Rows travel packed into one text per
 * column: on PGlite, decoding thousands of rows (or a JSON of them) costs several times more.
 */
async function readStructure(db: Db, { branchA, branchB, lang }: CompareChangesRequest) {
  const nodesOf = (branchId: string) =>
    sql`(SELECT string_agg(concat_ws(chr(31), id, external_id, coalesce(derived_parent_id::text, ''), node_type,
                                     coalesce(cite_key, ''), order_index), chr(30))
           FROM nodes WHERE branch_id = ${branchId})`;
  const [head] = await sqlRows<{
    branches: string | null;
    language: string | null;
    nodes_a: string | null;
    nodes_b: string | null;
    uids: string | null;
  }>(
    db,
    sql`WITH pick AS (
          SELECT COALESCE(${lang ?? null}::text,
                          (SELECT languages[1] FROM branches WHERE id = ${branchB}),
                          (SELECT languages[1] FROM branches WHERE id = ${branchA})) AS code
        )
        SELECT
          (SELECT json_agg(json_build_array(id, languages)) FROM branches WHERE id IN (${branchA}, ${branchB}))::text AS branches,
          (SELECT code FROM pick) AS language,
          ${nodesOf(branchA)} AS nodes_a,
          ${nodesOf(branchB)} AS nodes_b,
          (SELECT string_agg(f.node_id::text || chr(31) || f.fragment_uid, chr(30) ORDER BY f.seq)
             FROM fragments f
            WHERE f.branch_id IN (${branchA}, ${branchB}) AND f.has_text AND ${importedFragmentsOnly('f')}
              AND f.language_id = (SELECT l.language_id FROM languages l JOIN pick ON l.iso_639_1 = pick.code)) AS uids`,
  );
  return head ?? { branches: null, language: null, nodes_a: null, nodes_b: null, uids: null };
}

function parseNodes(packed: string | null, uidsOf: Map<string, string>): NodeRow[] {
  return splitRecords(packed)
    .map((record): NodeRow => {
      const [id = '', path = '', parent = '', node_type = '', cite = '', order = '0'] = record.split(UNIT);
      return {
        id,
        path,
        parent_id: parent || null,
        node_type,
        cite_key: cite || null,
        order_index: Number(order),
        uids: uidsOf.get(id) ?? null,
      };
    })
    .sort((x, y) => x.order_index - y.order_index);
}

/** Titles and texts of the nodes one page shows. */
async function readDetails(
  db: Db,
  { branchA, branchB }: CompareChangesRequest,
  language: string | null,
  ids: string[],
) {
  const details = new Map<string, { title: string | null; text: string }>();
  if (ids.length === 0) return details;
  const idArray = `{${ids.join(',')}}`;
  const [found] = await sqlRows<{ details: string | null }>(
    db,
    sql`SELECT json_agg(json_build_array(n.id, n.title, t.text))::text AS details
        FROM nodes n
        LEFT JOIN (
          SELECT f.node_id, string_agg(f.text, chr(10) ORDER BY f.seq) AS text
          FROM fragments f
          WHERE f.branch_id IN (${branchA}, ${branchB}) AND f.has_text AND ${importedFragmentsOnly('f')}
            AND f.language_id = (SELECT language_id FROM languages WHERE iso_639_1 = ${language})
            AND f.node_id = ANY(${idArray}::uuid[])
          GROUP BY f.node_id
        ) t ON t.node_id = n.id
        WHERE n.id = ANY(${idArray}::uuid[])`,
  );
  for (const [id, title, text] of JSON.parse(found?.details ?? '[]') as [string, string | null, string | null][]) {
    details.set(id, { title, text: text ?? '' });
  }
  return details;
}

type PlanItem =
  | {
      kind: 'changed';
      a: NodeRow;
      /** B's node, or for a text split into new odstavce all of them in order. */
      b: NodeRow[];
      citation: string | null;
      /** Set when the text moved: its citation in A. */
      moved: boolean;
      citationA: string | null;
    }
  | { kind: 'added' | 'removed'; node: NodeRow; citation: string | null; descendants: number; subtree: NodeRow[] };

/**
 * Matches the two trees by path, and texts that moved (findMoves) by their text, and lists the
 * changes in one document order: B's, with each removed provision right after the last node
 * before it (in A) that B still has.
 */
function planChanges(nodesA: NodeRow[], nodesB: NodeRow[], foundMoves: Move[]) {
  const byPathA = new Map(nodesA.map((n) => [n.path, n]));
  const byPathB = new Map(nodesB.map((n) => [n.path, n]));
  const byIdA = new Map(nodesA.map((n) => [n.id, n]));
  const byIdB = new Map(nodesB.map((n) => [n.id, n]));
  // Nodes below a moved node go with it; listed only when their own text changed too.
  const carried = movedDescendants(foundMoves, nodesA, nodesB).map(([from, to]) => ({ from, to: [to] }));
  const moves = [
    ...foundMoves.map((move) => ({ move, listed: true })),
    ...carried.map((move) => ({ move, listed: move.from.uids !== move.to[0]!.uids })),
  ];
  const moveFrom = new Map(moves.map((m) => [m.move.from.id, m]));
  const moveTo = new Map(moves.flatMap((m) => m.move.to.map((t) => [t.id, m] as const)));
  /** B's node at an A node's place: where it moved, else the same path unless that now holds a moved-in text. */
  const counterpartInB = (a: NodeRow) => {
    const moved = moveFrom.get(a.id);
    if (moved) return byIdB.get(moved.move.to[0]!.id);
    const b = byPathB.get(a.path);
    return b && !(moveTo.has(b.id) && a.uids !== null) ? b : undefined;
  };
  const counterpartInA = (b: NodeRow) => {
    const moved = moveTo.get(b.id);
    if (moved) return byIdA.get(moved.move.from.id);
    const a = byPathA.get(b.path);
    return a && !(moveFrom.has(a.id) && b.uids !== null) ? a : undefined;
  };
  const keyed: { key: [number, number, number]; item: PlanItem }[] = [];

  for (const b of nodesB) {
    const moved = moveTo.get(b.id);
    if (moved) {
      if (moved.listed && moved.move.to[0]!.id === b.id) {
        const a = byIdA.get(moved.move.from.id)!;
        const targets = moved.move.to.map((t) => byIdB.get(t.id)!);
        const citation = joinCitations(targets.map((t) => citationOf(t, nodesB)));
        const item: PlanItem = {
          kind: 'changed',
          a,
          b: targets,
          citation,
          moved: true,
          citationA: citationOf(a, nodesA),
        };
        keyed.push({ key: [b.order_index, 0, 0], item });
      }
      continue;
    }
    const a = counterpartInA(b);
    // Containers whose children changed keep their own (empty) text: not listed.
    if (a && !moveFrom.has(a.id) && a.uids !== b.uids) {
      const item: PlanItem = {
        kind: 'changed',
        a,
        b: [b],
        citation: citationOf(b, nodesB),
        moved: false,
        citationA: null,
      };
      keyed.push({ key: [b.order_index, 0, 0], item });
    }
  }
  const addedTops = subtreeTops(nodesB, (b) => counterpartInA(b) !== undefined, 'added');
  for (const item of addedTops) keyed.push({ key: [item.node.order_index, 0, 0], item });

  // Walk A in order to know, for each removed top, the last node before it that B still has.
  const removedByNode = new Map(
    subtreeTops(nodesA, (a) => counterpartInB(a) !== undefined, 'removed').map((item) => [item.node.id, item]),
  );
  let lastShared = -1;
  for (const a of nodesA) {
    const inB = counterpartInB(a);
    if (inB) lastShared = inB.order_index;
    const item = removedByNode.get(a.id);
    if (item) keyed.push({ key: [lastShared, 1, a.order_index], item });
  }

  keyed.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2]);
  const items = keyed.map(({ item }) => item);
  const count = (kind: PlanItem['kind']) => items.filter((item) => item.kind === kind).length;
  return {
    items,
    counts: {
      changed: count('changed'),
      moved: items.filter((item) => item.kind === 'changed' && item.moved).length,
      added: count('added'),
      removed: count('removed'),
    },
  };
}

/** 'Čl. 52 odst. 1', 'Čl. 52 odst. 2' -> 'Čl. 52 odst. 1, odst. 2': the shared lead is said once. */
function joinCitations(citations: (string | null)[]): string | null {
  const [first, ...rest] = citations;
  if (!first) return null;
  const lead = first.split(' ').slice(0, -2).join(' ');
  return [first, ...rest.map((c) => (c && lead && c.startsWith(`${lead} `) ? c.slice(lead.length + 1) : c))]
    .filter((c) => c)
    .join(', ');
}

/** The enclosing nodes of a node, outermost first. */
function ancestors(node: NodeRow, nodes: NodeRow[]): NodeRow[] {
  const byId = byIdOf(nodes);
  const chain: NodeRow[] = [];
  for (
    let up = node.parent_id ? byId.get(node.parent_id) : undefined;
    up;
    up = up.parent_id ? byId.get(up.parent_id) : undefined
  ) {
    chain.unshift(up);
  }
  return chain;
}

/**
 * The top nodes of the subtrees present in one version only. Only nodes with text or a cite key
 * count; the others under a top are its descendants, listed in its subtree when they have text.
 */
function subtreeTops(nodes: NodeRow[], present: (node: NodeRow) => boolean, kind: 'added' | 'removed') {
  const topOf = new Map<string, Extract<PlanItem, { kind: 'added' | 'removed' }>>();
  const tops: Extract<PlanItem, { kind: 'added' | 'removed' }>[] = [];
  // order_index is pre-order, so a parent is always seen before its children.
  for (const node of nodes) {
    if (present(node)) continue;
    const counts = node.uids !== null || node.cite_key !== null;
    const parentTop = node.parent_id ? topOf.get(node.parent_id) : undefined;
    if (parentTop) {
      topOf.set(node.id, parentTop);
      if (counts) parentTop.descendants++;
      if (node.uids !== null) parentTop.subtree.push(node);
    } else if (counts) {
      const item = { kind, node, citation: citationOf(node, nodes), descendants: 0, subtree: [] };
      topOf.set(node.id, item);
      tops.push(item);
    }
  }
  return tops;
}

const parentsCache = new WeakMap<NodeRow[], Map<string, NodeRow>>();

/** Cite keys from the enclosing article (or other non-container) down to the node. */
function byIdOf(nodes: NodeRow[]) {
  let byId = parentsCache.get(nodes);
  if (!byId) {
    byId = new Map(nodes.map((n) => [n.id, n]));
    parentsCache.set(nodes, byId);
  }
  return byId;
}

function citationOf(node: NodeRow, nodes: NodeRow[]): string | null {
  const byId = byIdOf(nodes);
  const keys: string[] = node.cite_key ? [node.cite_key] : [];
  let current = node.parent_id ? byId.get(node.parent_id) : undefined;
  while (current && !CONTAINER_TYPES.has(current.node_type) && !CONTAINER_TYPES.has(node.node_type)) {
    if (current.cite_key) keys.unshift(current.cite_key);
    current = current.parent_id ? byId.get(current.parent_id) : undefined;
  }
  return keys.length > 0 ? keys.join(' ') : null;
}
