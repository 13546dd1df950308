// Translation memory lookup: DGT-TM units (tm_segments, a self-join on unit_id for the language
// pair) and fragments already aligned in the library (the target-language fragment of the same
// alignment group). A pg_trgm prefilter with a length window of 0.7x-1/0.7x (as Pontoon), then a
// Damerau-Levenshtein rerank minus 10 points per legal difference. One suggestion per text pair,
// listing every provenance; the same structural path (another version) ranks first. Library
// candidates are imported text and the viewer's own translation layer; a saved translation nobody
// reviewed yet loses UNREVIEWED_PENALTY points.
//
// Speed (BENCHMARKS.md, issue 11): the planner prices pg_trgm's `%` as cheap and sometimes scans
// every row computing similarity (seconds); each query runs with enable_seqscan off, so the
// trigram indexes answer. The library query reads only `aligned` fragments (migration 0011), the
// ones with a text in another language to offer. For the main source languages the trigram index
// also holds the text's length (migration 0015), so the length window narrows the index scan itself.
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { fragmentVisibleTo } from '../policies/translations.js';
import type { LegalDifference, Provenance } from '../../src/api/contract/translation.js';
import { legalDifferences, legalPenalty, legalProfile } from './legal-differences.js';
import { normalizeForMemory, normalizedSimilarity } from './similarity.js';

export const DEFAULT_MEMORY_LIMIT = 5;
export const DEFAULT_MEMORY_MIN_SCORE = 75;
/** Pontoon's window: a candidate 0.7x-1/0.7x the length of the text asked for. */
const LENGTH_RATIO = 0.7;
/**
 * pg_trgm similarity a candidate needs to be reranked (pg_trgm's default is 0.3). Of 996
 * suggestions scoring 75 or more for DGT-TM segments with 1-5 words edited, the least similar had
 * 0.60; at 0.3 a boilerplate sentence (a regulation's title) sent 628 rows to the recheck and took
 * 42 ms, at 0.4 it takes 23 ms (BENCHMARKS.md, issue 11). The cost: a text typed without its
 * diacritics (trigram similarity 0.28-0.56 to the original) finds less than before.
 */
const PREFILTER_SIMILARITY = 0.4;
/** Trigram candidates per source reranked in JavaScript. */
const PREFILTER_ROWS = 50;
/** What an unreviewed saved translation (status 'translated') costs a fuzzy match. */
export const UNREVIEWED_PENALTY = 5;

export interface MemoryQuery {
  sourceText: string;
  sourceLanguageId: number;
  targetLanguageId: number;
  /** The node's structural path ('hlava-3/cl-54/odst-2'): a match at the same path ranks first. */
  structuralPath?: string;
  /** With structuralPath: only a match in this document counts as the same path. */
  documentId?: string;
  /** The fragment being translated: never its own suggestion. */
  excludeFragmentId?: string;
  /**
   * Whose translation layer the library candidates include besides imported text: the logged-in
   * caller (translationLayerOf(principal)); null or absent = imported text only.
   */
  viewerId?: string | null;
  limit?: number;
  minScore?: number;
}

export interface MemorySuggestion {
  text: string;
  score: number;
  kind: 'exact' | 'fuzzy';
  source_text: string;
  provenance: Provenance[];
  differences: LegalDifference[];
  /** A match at the query's structural path (in another version). */
  same_path: boolean;
}

interface Candidate {
  source_text: string;
  target_text: string;
  provenance: Provenance;
  same_path: boolean;
  /** A saved translation with status 'translated'. */
  unreviewed: boolean;
}

interface TmRow {
  source_text: string;
  target_text: string;
  celex: string | null;
  tmx_file: string | null;
}

interface LibraryRow {
  source_text: string;
  target_text: string;
  fragment_id: string;
  document_id: string;
  external_id: string;
  branch_id: string;
  branch_name: string;
  cite_key: string | null;
  path: string | null;
  owner_id: string | null;
  translation_status: 'translated' | 'reviewed' | null;
}

/**
 * The source language as a literal, not a parameter: the partial trigram indexes of the main
 * source languages (migration 0012) then match whatever plan the driver asks for.
 */
function languageLiteral(languageId: number) {
  if (!Number.isSafeInteger(languageId)) throw new TypeError('language id must be an integer');
  return sql.raw(String(languageId));
}

async function tmCandidates(db: Db | Tx, q: MemoryQuery, minLength: number, maxLength: number) {
  const rows = await sqlRows<TmRow>(
    db,
    sql`
    SELECT s.text AS source_text, t.text AS target_text, d.external_id AS celex,
           d.metadata->'source_ids'->>'file' AS tmx_file
    FROM tm_segments s
    JOIN tm_segments t ON t.unit_id = s.unit_id AND t.language_id = ${q.targetLanguageId}
    JOIN tm_units u ON u.id = s.unit_id
    JOIN documents d ON d.id = u.document_id
    WHERE s.language_id = ${languageLiteral(q.sourceLanguageId)}
      AND s.text % ${q.sourceText}
      AND length(s.text) BETWEEN ${minLength} AND ${maxLength}
    ORDER BY similarity(s.text, ${q.sourceText}) DESC
    LIMIT ${PREFILTER_ROWS}`,
  );
  return rows.map((r): Candidate => ({
    source_text: r.source_text,
    target_text: r.target_text,
    provenance: { source: 'tm', celex: r.celex, tmx_file: r.tmx_file },
    same_path: false,
    unreviewed: false,
  }));
}

async function libraryCandidates(db: Db | Tx, q: MemoryQuery, minLength: number, maxLength: number) {
  const viewerId = q.viewerId ?? null;
  const rows = await sqlRows<LibraryRow>(
    db,
    sql`
    SELECT s.text AS source_text, t.text AS target_text, t.id AS fragment_id, d.id AS document_id,
           d.external_id, b.id AS branch_id, b.name AS branch_name,
           coalesce(t.cite_key, s.cite_key) AS cite_key, n.external_id AS path, t.owner_id, t.translation_status
    FROM fragments s
    JOIN fragments t ON t.group_id = s.group_id AND t.language_id = ${q.targetLanguageId} AND t.has_text
      AND ${fragmentVisibleTo('t', viewerId)}
    JOIN branches b ON b.id = s.branch_id
    JOIN documents d ON d.id = b.document_id
    LEFT JOIN nodes n ON n.id = s.node_id
    WHERE s.language_id = ${languageLiteral(q.sourceLanguageId)}
      AND s.has_text AND s.aligned
      AND ${fragmentVisibleTo('s', viewerId)}
      AND s.text % ${q.sourceText}
      AND length(s.text) BETWEEN ${minLength} AND ${maxLength}
      ${q.excludeFragmentId ? sql`AND s.id <> ${q.excludeFragmentId} AND t.id <> ${q.excludeFragmentId}` : sql``}
    ORDER BY similarity(s.text, ${q.sourceText}) DESC
    LIMIT ${PREFILTER_ROWS}`,
  );
  return rows.map((r): Candidate => ({
    source_text: r.source_text,
    target_text: r.target_text,
    provenance: {
      source: 'library',
      fragment_id: r.fragment_id,
      document_id: r.document_id,
      external_id: r.external_id,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      cite_key: r.cite_key,
      origin: r.owner_id === null ? 'imported' : 'translated',
      status: r.owner_id === null ? null : (r.translation_status ?? 'translated'),
    },
    same_path:
      q.structuralPath !== undefined &&
      r.path === q.structuralPath &&
      (q.documentId === undefined || q.documentId === r.document_id),
    unreviewed: r.owner_id !== null && r.translation_status !== 'reviewed',
  }));
}

/**
 * Runs `query` with sequential scans priced out, pages priced as read from memory (at the default
 * random_page_cost of 4 PGlite's planner read all 2,671 Czech DGT-TM rows through the btree on
 * (unit_id, language_id) and compared each with `%`: 150 ms instead of 40 through the trigram
 * index for one text) and the trigram threshold at PREFILTER_SIMILARITY,
 * in its own transaction (a savepoint inside the caller's, where the settings are then put back:
 * the caller's later statements run as before; in a transaction of its own the settings end with
 * it, one round trip fewer).
 */
async function withTrigramPlan<T>(db: Db | Tx, query: (tx: Tx) => Promise<T>): Promise<T> {
  const nested = db instanceof PgTransaction;
  return db.transaction(async (tx) => {
    const [previous] = await sqlRows<{ seqscan: string; pageCost: string; threshold: string }>(
      tx,
      sql`SELECT current_setting('enable_seqscan') AS seqscan, set_config('enable_seqscan', 'off', true),
                 current_setting('random_page_cost') AS "pageCost", set_config('random_page_cost', '1.1', true),
                 coalesce(current_setting('pg_trgm.similarity_threshold', true), '0.3') AS threshold,
                 set_config('pg_trgm.similarity_threshold', ${String(PREFILTER_SIMILARITY)}, true)`,
    );
    const result = await query(tx);
    if (nested)
      await tx.execute(
        sql`SELECT set_config('enable_seqscan', ${previous?.seqscan ?? 'on'}, true),
                   set_config('random_page_cost', ${previous?.pageCost ?? '4'}, true),
                   set_config('pg_trgm.similarity_threshold', ${previous?.threshold ?? '0.3'}, true)`,
      );
    return result;
  });
}

/** Both prefilters: at once on a PostgreSQL pool (two connections), one after the other otherwise. */
async function allCandidates(db: Db | Tx, q: MemoryQuery, minLength: number, maxLength: number) {
  const tm = (tx: Tx) => tmCandidates(tx, q, minLength, maxLength);
  const library = (tx: Tx) => libraryCandidates(tx, q, minLength, maxLength);
  if ((db as { $client?: unknown }).$client instanceof pg.Pool) {
    const [fromTm, fromLibrary] = await Promise.all([withTrigramPlan(db, tm), withTrigramPlan(db, library)]);
    return [...fromTm, ...fromLibrary];
  }
  return withTrigramPlan(db, async (tx) => [...(await tm(tx)), ...(await library(tx))]);
}

const sameSpaces = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** At most `limit` suggestions scoring at least `minScore`, best first. */
export async function lookupMemory(db: Db | Tx, query: MemoryQuery): Promise<MemorySuggestion[]> {
  const limit = query.limit ?? DEFAULT_MEMORY_LIMIT;
  const minScore = query.minScore ?? DEFAULT_MEMORY_MIN_SCORE;
  const text = query.sourceText.trim();
  if (text === '' || limit <= 0) return [];
  const q = { ...query, sourceText: text };
  const minLength = Math.floor(text.length * LENGTH_RATIO);
  const maxLength = Math.ceil(text.length / LENGTH_RATIO);
  const candidates = await allCandidates(db, q, minLength, maxLength);

  const normalizedQuery = normalizeForMemory(text);
  const queryProfile = legalProfile(text);
  const byPair = new Map<string, MemorySuggestion & { unreviewed: boolean }>();
  for (const candidate of candidates) {
    // DGT-TM keeps no-break spaces the library's fragments fold: the same pair either way.
    const key = JSON.stringify([sameSpaces(candidate.source_text), sameSpaces(candidate.target_text)]);
    const known = byPair.get(key);
    if (known) {
      known.provenance.push(candidate.provenance);
      known.same_path ||= candidate.same_path;
      // The pair is unreviewed only while no imported, DGT-TM or reviewed source vouches for it.
      known.unreviewed &&= candidate.unreviewed;
      continue;
    }
    const normalizedSource = normalizeForMemory(candidate.source_text);
    const differences = legalDifferences(queryProfile, candidate.source_text);
    const exact = differences.length === 0 && normalizedSource === normalizedQuery;
    const penalty = legalPenalty(differences);
    // Below minScore + penalty the candidate is dropped: the distance need not be exact there (a
    // text with many differences costs next to nothing: its band is narrow or empty).
    const score = exact
      ? 100
      : Math.max(0, normalizedSimilarity(normalizedQuery, normalizedSource, minScore + penalty) - penalty);
    byPair.set(key, {
      text: candidate.target_text,
      // Only an exact match says 100.
      score: exact ? 100 : Math.min(score, 99),
      kind: exact ? 'exact' : 'fuzzy',
      source_text: candidate.source_text,
      provenance: [candidate.provenance],
      differences,
      same_path: candidate.same_path,
      unreviewed: candidate.unreviewed,
    });
  }
  return (
    [...byPair.values()]
      // An exact match keeps 100 (its source is the text asked for) and ranks after a vouched-for one.
      .map(({ unreviewed, ...s }) => ({
        ...s,
        score: unreviewed && s.kind === 'fuzzy' ? Math.max(0, s.score - UNREVIEWED_PENALTY) : s.score,
        unreviewed,
      }))
      .filter((s) => s.score >= minScore)
      .sort(
        (a, b) =>
          Number(b.same_path) - Number(a.same_path) ||
          b.score - a.score ||
          Number(a.unreviewed) - Number(b.unreviewed) ||
          b.provenance.length - a.provenance.length ||
          a.source_text.localeCompare(b.source_text),
      )
      .slice(0, limit)
      .map(({ unreviewed: _unreviewed, ...s }) => s)
  );
}
