// Citations and short names looked up: 'čl. 54 ústavy' -> Čl. 54 of 1/1993 Sb., '1/93' -> the act,
// 'Listina' -> 2/1993 Sb., 'čl. 54' alone -> the provisions so numbered (constitutional acts and
// documents with a short name first). The provision is found by its cite keys, level by level.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import type { CitationQuery, ProvisionRef } from './citation-query.js';
import { STOP_WORDS } from './stop-words.js';
import { wordStem } from './word-stem.js';

export interface ResolvedDocument {
  id: string;
  external_id: string;
  title: string;
  /** The short name that matched, when found by one. */
  alias?: string;
}

export interface ResolvedProvision {
  document: ResolvedDocument;
  branch_id: string;
  branch_name: string;
  node_id: string | null;
  path: string | null;
}

interface NodeRow {
  id: string;
  external_id: string;
  cite_key: string | null;
  derived_parent_id: string | null;
}

const KEY_PATTERNS: Record<ProvisionRef['kind'], (label: string) => RegExp> = {
  article: (label) => new RegExp(`^(?:čl\\.?|článek|článku|article|art\\.?|artikel|articolo)\\s*${label}\\.?$`, 'iu'),
  section: (label) => new RegExp(`^§\\s*${label}\\.?$`, 'iu'),
  paragraph: (label) => new RegExp(`^(?:odst\\.\\s*|\\()?${label}(?:\\)|\\.)?$`, 'iu'),
  letter: (label) => new RegExp(`^(?:písm\\.\\s*)?\\(?${label}\\)$`, 'iu'),
  point: (label) => new RegExp(`^(?:bod\\s*)?\\(?${label}[.)]?$`, 'iu'),
};

/** The Czech structural path of a provision: 'cl-54/odst-2/pism-a'. */
const PATH_SEGMENT: Record<ProvisionRef['kind'], string> = {
  article: 'cl',
  section: 'par',
  paragraph: 'odst',
  letter: 'pism',
  point: 'bod',
};
export const czechPathOf = (parts: ProvisionRef[]) =>
  parts.map((part) => `${PATH_SEGMENT[part.kind]}-${part.label}`).join('/');

const SAFE_LABEL = /^[0-9a-z]{1,8}$/;

export async function documentByNumber(db: Db, citation: CitationQuery): Promise<ResolvedDocument | undefined> {
  const keys = [citation.czechKey, citation.celex?.toLowerCase()].filter((key): key is string => !!key);
  if (keys.length === 0) return undefined;
  const [row] = await sqlRows<ResolvedDocument>(
    db,
    sql`SELECT d.id, d.external_id, d.metadata->>'title' AS title FROM documents d
        WHERE d.external_key IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) OR d.metadata->'source_ids'->>'celex' = ${citation.celex ?? ''}
        ORDER BY d.external_key LIMIT 1`,
  );
  return row;
}

/** Whether a folded query word names a folded alias word ('ustavy' names 'ustava'). */
const namesWord = (typed: string, aliasWord: string) =>
  typed === aliasWord || aliasWord.startsWith(wordStem(typed)) || typed.startsWith(wordStem(aliasWord));

/** The document whose short name is exactly the words typed (each by its stem), longest name first. */
export async function documentByAlias(db: Db, words: string[]): Promise<ResolvedDocument | undefined> {
  if (words.length === 0 || words.length > 8) return undefined;
  const first = wordStem(words[0]!).slice(0, 3);
  const rows = await sqlRows<ResolvedDocument & { alias_key: string }>(
    db,
    sql`SELECT d.id, d.external_id, d.metadata->>'title' AS title, a.alias, a.alias_key
        FROM document_aliases a JOIN documents d ON d.id = a.document_id
        WHERE a.alias_key LIKE ${first.replace(/[\\%_]/g, '') + '%'}
        ORDER BY length(a.alias_key) DESC, a.alias_key, d.external_id LIMIT 200`,
  );
  const found = rows.find((row) => {
    const aliasWords = row.alias_key.split(' ').filter((word) => !STOP_WORDS.has(word));
    return aliasWords.length === words.length && aliasWords.every((word, index) => namesWord(words[index]!, word));
  });
  if (!found) return undefined;
  const { alias_key: _key, ...document } = found;
  return document;
}

/** The main version of a document (or the one named), with its cite-keyed nodes. */
async function nodesOf(db: Db, documentId: string, branchName: string) {
  const rows = await sqlRows<NodeRow & { branch_id: string; branch_name: string }>(
    db,
    sql`SELECT n.id, n.external_id, n.cite_key, n.derived_parent_id, b.id AS branch_id, b.name AS branch_name
        FROM branches b JOIN nodes n ON n.branch_id = b.id
        WHERE b.document_id = ${documentId} AND b.name = ${branchName} AND n.cite_key IS NOT NULL
        ORDER BY n.order_index`,
  );
  return rows;
}

/** The node the parts name, level by level among the descendants of the level before. */
function walk(nodes: NodeRow[], parts: ProvisionRef[]): NodeRow | undefined {
  let candidates = nodes;
  let found: NodeRow | undefined;
  const byParent = new Map<string, NodeRow[]>();
  for (const node of nodes) {
    if (!node.derived_parent_id) continue;
    byParent.set(node.derived_parent_id, [...(byParent.get(node.derived_parent_id) ?? []), node]);
  }
  const descendants = (id: string): NodeRow[] =>
    (byParent.get(id) ?? []).flatMap((child) => [child, ...descendants(child.id)]);
  for (const part of parts) {
    const pattern = KEY_PATTERNS[part.kind](part.label);
    const next = candidates.find((node) => node.cite_key !== null && pattern.test(node.cite_key.trim()));
    if (!next) return found;
    found = next;
    candidates = descendants(next.id);
  }
  return found;
}

/** The provision of a known document (its main version), else the nearest level found. */
export async function provisionIn(
  db: Db,
  document: ResolvedDocument,
  parts: ProvisionRef[],
  branchName = 'main',
): Promise<ResolvedProvision | undefined> {
  if (!parts.every((part) => SAFE_LABEL.test(part.label))) return undefined;
  const nodes = await nodesOf(db, document.id, branchName);
  const branch = nodes[0];
  if (!branch) return undefined;
  const path = czechPathOf(parts);
  const node =
    nodes.find((row) => row.external_id === path || row.external_id.endsWith(`/${path}`)) ?? walk(nodes, parts);
  return {
    document,
    branch_id: branch.branch_id,
    branch_name: branch.branch_name,
    node_id: node?.id ?? null,
    path: node?.external_id ?? null,
  };
}

/**
 * Provisions so numbered in any document's main version ('čl. 54' alone): by the Czech path for
 * Czech markers, by the article's cite key for others; constitutional acts and documents with a
 * short name first, then by number.
 */
export async function provisionsAnywhere(
  db: Db,
  parts: ProvisionRef[],
  style: 'cz' | 'other',
  limit: number,
): Promise<ResolvedProvision[]> {
  if (parts.length === 0 || !parts.every((part) => SAFE_LABEL.test(part.label))) return [];
  const path = czechPathOf(parts);
  const article = parts[0]!;
  const match =
    style === 'cz'
      ? sql`(n.external_id = ${path} OR n.external_id LIKE ${'%/' + path})`
      : sql`n.cite_key ~* ${`^(article|art\\.?|artikel|articolo)\\s*${article.label}\\.?$`} AND n.node_type = 'article'`;
  const rows = await sqlRows<{
    id: string;
    external_id: string;
    title: string;
    branch_id: string;
    branch_name: string;
    node_id: string;
    path: string;
  }>(
    db,
    sql`SELECT d.id, d.external_id, d.metadata->>'title' AS title, b.id AS branch_id, b.name AS branch_name,
          n.id AS node_id, n.external_id AS path
        FROM nodes n JOIN branches b ON b.id = n.branch_id AND b.kind = 'main' JOIN documents d ON d.id = b.document_id
        WHERE ${match}
        ORDER BY (lower(coalesce(d.metadata->>'kind', '')) LIKE 'ústavní%' OR lower(d.metadata->>'title') LIKE 'ústav%') DESC,
          EXISTS (SELECT 1 FROM document_aliases a WHERE a.document_id = d.id) DESC,
          d.external_key, n.order_index
        LIMIT ${limit}`,
  );
  const results: ResolvedProvision[] = [];
  for (const row of rows) {
    let node: { id: string; external_id: string } = { id: row.node_id, external_id: row.path };
    // Another style's article: walk down to the paragraph and letter asked for.
    if (style !== 'cz' && parts.length > 1) {
      const deeper = await provisionIn(db, { id: row.id, external_id: row.external_id, title: row.title }, parts);
      if (deeper?.node_id && deeper.path) node = { id: deeper.node_id, external_id: deeper.path };
    }
    results.push({
      document: { id: row.id, external_id: row.external_id, title: row.title },
      branch_id: row.branch_id,
      branch_name: row.branch_name,
      node_id: node.id,
      path: node.external_id,
    });
  }
  return results;
}
