// Accent-folded texts of the main versions' fragments, per language, kept in memory for the
// Copilot's full-text search: a scan of folded strings in JavaScript takes a few milliseconds
// where a regular-expression scan in SQL (lower() + accent classes, no unaccent) takes ~100 ms.
// Checked against the database on every use (one small query over branches), so an import by
// another process or instance is picked up; a language too large to keep falls back to SQL.
// Imported text only: the index serves every user, and saved translations are their owners' alone.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { foldForSearch } from '../../src/shared/search-keys.js';
import { languageByCode } from '../library/languages.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';

/** Above this many fragments in one language the index is not built (memory); SQL answers. */
export const MAX_INDEXED_FRAGMENTS = 300_000;

export interface IndexedFragment {
  id: string;
  nodeId: string;
  documentId: string;
  /** The article the fragment belongs to (its own node when there is none above it). */
  provisionNodeId: string;
  /** foldForSearch of the text, with a leading space: ' prezident republiky je ...'. */
  folded: string;
}

interface LanguageIndex {
  signature: string;
  /** undefined: too large, use SQL. */
  fragments?: IndexedFragment[];
}

interface DbIndex {
  signature?: string;
  checkedAt: number;
  languages: Map<string, Promise<LanguageIndex>>;
  provisions?: Promise<Map<string, string>>;
}

const indexes = new WeakMap<Db, DbIndex>();
// Several questions in the same moment share one signature query.
const SIGNATURE_TTL_MS = 250;

/** Identifies the set of main versions: any import, replacement or renaming changes it. */
async function mainVersionsSignature(db: Db): Promise<string> {
  const [row] = await sqlRows<{ signature: string | null }>(
    db,
    sql`SELECT md5(string_agg(id::text || ':' || content_hash, ',' ORDER BY id)) AS signature FROM branches WHERE kind = 'main'`,
  );
  return row?.signature ?? 'empty';
}

async function currentSignature(db: Db, index: DbIndex): Promise<string> {
  const now = Date.now();
  if (index.signature !== undefined && now - index.checkedAt < SIGNATURE_TTL_MS) return index.signature;
  const signature = await mainVersionsSignature(db);
  if (signature !== index.signature) {
    index.languages.clear();
    index.provisions = undefined;
  }
  index.signature = signature;
  index.checkedAt = now;
  return signature;
}

/** node id → the id of the article it belongs to, for every node of the main versions. */
async function loadProvisions(db: Db): Promise<Map<string, string>> {
  const rows = await sqlRows<{ id: string; node_type: string; parent: string | null }>(
    db,
    sql`SELECT n.id, n.node_type, n.derived_parent_id AS parent FROM nodes n JOIN branches b ON b.id = n.branch_id AND b.kind = 'main'`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const provisionOf = new Map<string, string>();
  const resolve = (id: string): string => {
    const known = provisionOf.get(id);
    if (known) return known;
    // Up the parent links to the nearest article; none → the node itself.
    let current = byId.get(id);
    let hops = 0;
    while (current && current.node_type !== 'article' && current.parent && hops < 20) {
      current = byId.get(current.parent);
      hops += 1;
    }
    const provision = current?.node_type === 'article' ? current.id : id;
    provisionOf.set(id, provision);
    return provision;
  };
  for (const row of rows) resolve(row.id);
  return provisionOf;
}

async function loadLanguage(db: Db, index: DbIndex, language: string, signature: string): Promise<LanguageIndex> {
  const languageRow = await languageByCode(db, language);
  if (!languageRow) return { signature, fragments: [] };
  const [count] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM fragments f JOIN branches b ON b.id = f.branch_id AND b.kind = 'main'
        WHERE f.language_id = ${languageRow.language_id} AND f.has_text AND ${importedFragmentsOnly('f')}`,
  );
  if (Number(count?.n ?? 0) > MAX_INDEXED_FRAGMENTS) return { signature };
  const rows = await sqlRows<{ id: string; node_id: string; document_id: string; text: string }>(
    db,
    sql`SELECT f.id, f.node_id, b.document_id, f.text FROM fragments f JOIN branches b ON b.id = f.branch_id AND b.kind = 'main'
        WHERE f.language_id = ${languageRow.language_id} AND f.has_text AND ${importedFragmentsOnly('f')}`,
  );
  index.provisions ??= loadProvisions(db);
  const provisionOf = await index.provisions;
  return {
    signature,
    fragments: rows.map((row) => ({
      id: row.id,
      nodeId: row.node_id,
      documentId: row.document_id,
      provisionNodeId: provisionOf.get(row.node_id) ?? row.node_id,
      folded: ` ${foldForSearch(row.text)}`,
    })),
  };
}

/** The folded fragments of a language (loading them on first use), or undefined when SQL must answer. */
export async function indexedFragments(db: Db, language: string): Promise<IndexedFragment[] | undefined> {
  let index = indexes.get(db);
  if (!index) {
    index = { checkedAt: 0, languages: new Map() };
    indexes.set(db, index);
  }
  const signature = await currentSignature(db, index);
  let loading = index.languages.get(language);
  if (!loading) {
    loading = loadLanguage(db, index, language, signature);
    index.languages.set(language, loading);
    // A failed load is not cached.
    loading.catch(() => {
      index.languages.delete(language);
      index.provisions = undefined;
    });
  }
  return (await loading).fragments;
}

/** Loads these languages in the background (e.g. when a Copilot session starts). */
export function warmFragmentIndex(db: Db, languages: string[]): void {
  for (const language of languages) void indexedFragments(db, language).catch(() => {});
}

export interface IndexHit {
  fragment: IndexedFragment;
  /** How many stems occur at a word start. */
  score: number;
  /** Which stems: bit i for stems[i]. */
  mask: number;
}

/** Fragments containing the stems at word starts, best first: more stems, then shorter text. */
export function scanFragments(
  fragments: IndexedFragment[],
  stems: string[],
  documentIds: Set<string> | undefined,
  limit: number,
): IndexHit[] {
  const needles = stems.map((stem) => ` ${stem}`);
  const hits: IndexHit[] = [];
  for (const fragment of fragments) {
    if (documentIds && !documentIds.has(fragment.documentId)) continue;
    let score = 0;
    let mask = 0;
    needles.forEach((needle, i) => {
      if (fragment.folded.includes(needle)) {
        score += 1;
        mask |= 1 << i;
      }
    });
    if (score > 0) hits.push({ fragment, score, mask });
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      a.fragment.folded.length - b.fragment.folded.length ||
      (a.fragment.id < b.fragment.id ? -1 : 1),
  );
  return hits.slice(0, limit);
}
