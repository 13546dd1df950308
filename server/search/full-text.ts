// The full-text match over provision_search: each language's text with its own configuration
// (German, English, Italian snowball; 'simple' with stem prefixes for Czech and the rest), ranked by
// ts_rank_cd with the weights of heading (A), enclosing headings (B) and text (C), plus the words
// found in the headings (ts_rank over A and B: 'prezident republiky' -> Čl. 54 'Prezident republiky').
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { tsqueryText, type QueryTerm } from './parse-query.js';

/** ts_rank_cd weights {D, C, B, A}: text 0.4, enclosing headings 0.7, own heading and cite key 1. */
const WEIGHTS = '{0.1, 0.4, 0.7, 1.0}';
/** Divide the rank by 1 + log(length): a long provision is not better for being long. */
const NORMALIZATION = 1;
/** Added to the cover density: the query's words in the provision's own or enclosing headings. */
const HEADING_WEIGHTS = '{0, 0, 1.0, 1.0}';

const rankOf = (query: SQL) =>
  sql`(ts_rank_cd(${WEIGHTS}::float4[], ps.vector, ${query}, ${NORMALIZATION})
    + ts_rank(${HEADING_WEIGHTS}::float4[], ps.vector, ${query}, ${NORMALIZATION}))`;

const SNOWBALL = { de: 'german', en: 'english', it: 'italian' } as const;
type SnowballCode = keyof typeof SNOWBALL;

const languageIdCache = new WeakMap<Db, Promise<Map<SnowballCode, number>>>();

/** The seeded ids of the languages with a snowball configuration (read once per database). */
export function snowballLanguageIds(db: Db): Promise<Map<SnowballCode, number>> {
  let ids = languageIdCache.get(db);
  if (!ids) {
    ids = sqlRows<{ language_id: number; iso_639_1: SnowballCode }>(
      db,
      sql`SELECT language_id, iso_639_1 FROM languages WHERE iso_639_1 IN ('de', 'en', 'it')`,
    ).then((rows) => new Map(rows.map((row) => [row.iso_639_1, Number(row.language_id)])));
    languageIdCache.set(db, ids);
    ids.catch(() => languageIdCache.delete(db));
  }
  return ids;
}

/** The SQL of one query: the match (GIN on every branch of the OR) and the rank. */
export interface TextQuery {
  match: SQL;
  rank: SQL;
  /** The 'simple' tsquery, which the documents' title match uses. */
  simple: SQL;
}

export async function textQuery(db: Db, terms: QueryTerm[], join: '&' | '|'): Promise<TextQuery> {
  const ids = await snowballLanguageIds(db);
  const simple = sql`to_tsquery('simple', ${tsqueryText(terms, 'simple', join)})`;
  const snowballText = tsqueryText(terms, 'snowball', join);
  const special = [...ids.entries()];
  if (special.length === 0) {
    return { match: sql`ps.vector @@ ${simple}`, rank: rankOf(simple), simple };
  }
  const configured = special.map(([code, id]) => ({
    id,
    query: sql`to_tsquery(${SNOWBALL[code]}::regconfig, ${snowballText})`,
  }));
  const specialIds = sql.join(
    configured.map(({ id }) => sql`${id}::smallint`),
    sql`, `,
  );
  const match = sql`((ps.vector @@ ${simple} AND ps.language_id NOT IN (${specialIds})) ${sql.join(
    configured.map(({ id, query }) => sql`OR (ps.language_id = ${id}::smallint AND ps.vector @@ ${query})`),
    sql` `,
  )})`;
  const perLanguage = sql`CASE ps.language_id ${sql.join(
    configured.map(({ id, query }) => sql`WHEN ${id}::smallint THEN ${query}`),
    sql` `,
  )} ELSE ${simple} END`;
  return {
    match,
    rank: rankOf(perLanguage),
    simple,
  };
}

export interface VersionFilter {
  version: 'current' | 'all' | 'snapshots';
  at?: string;
}

/** The versions searched, over `branches b`. */
export function versionSql({ version, at }: VersionFilter): SQL {
  if (at)
    return sql`b.valid_from = (SELECT max(x.valid_from) FROM branches x
      WHERE x.document_id = b.document_id AND x.valid_from <= ${at}::date)`;
  if (version === 'current') return sql`b.kind = 'main'`;
  if (version === 'snapshots') return sql`b.kind = 'snapshot'`;
  return sql`true`;
}

export interface MatchRow {
  document_id: string;
  language_id: number;
  /** ISO 639-1 code of language_id. */
  language: string;
  kind: 'main' | 'snapshot';
  hits: number;
  best: number;
}

/**
 * Every match, counted per document, language and kind of version (the facets and the documents'
 * order come from these few rows); `at` and `documentId` narrow it in SQL.
 */
export async function matchCounts(
  db: Db,
  query: TextQuery,
  options: { at?: string; documentId?: string },
): Promise<MatchRow[]> {
  const conditions: SQL[] = [query.match];
  if (options.documentId) conditions.push(sql`ps.document_id = ${options.documentId}`);
  if (options.at) conditions.push(versionSql({ version: 'all', at: options.at }));
  const rows = await sqlRows<MatchRow>(
    db,
    sql`SELECT m.*, l.iso_639_1 AS language FROM (
          SELECT ps.document_id, ps.language_id, b.kind, count(*)::int AS hits, max(${query.rank})::float8 AS best
          FROM provision_search ps JOIN branches b ON b.id = ps.branch_id
          WHERE ${sql.join(conditions, sql` AND `)}
          GROUP BY ps.document_id, ps.language_id, b.kind
        ) m JOIN languages l ON l.language_id = m.language_id`,
  );
  return rows.map((row) => ({
    ...row,
    language_id: Number(row.language_id),
    hits: Number(row.hits),
    best: Number(row.best),
  }));
}

export interface HitRow {
  fragment_id: string;
  document_id: string;
  branch_id: string;
  branch_name: string;
  valid_from: string | null;
  node_id: string;
  path: string;
  language: string;
  cite_key: string | null;
  heading: string | null;
  cite_chain: string | null;
  text: string;
  score: number;
}

/** The best `perDocument` hits of each of `documentIds`, best first. */
export async function topHits(
  db: Db,
  query: TextQuery,
  options: { documentIds: string[]; perDocument: number; versions: VersionFilter; languageId?: number },
): Promise<HitRow[]> {
  if (options.documentIds.length === 0) return [];
  const conditions: SQL[] = [
    query.match,
    sql`ps.document_id = ANY(${sql.param(options.documentIds)}::uuid[])`,
    versionSql(options.versions),
  ];
  if (options.languageId !== undefined) conditions.push(sql`ps.language_id = ${options.languageId}`);
  const rows = await sqlRows<HitRow>(
    db,
    sql`SELECT x.fragment_id, x.document_id, x.branch_id, b.name AS branch_name,
          to_char(b.valid_from, 'YYYY-MM-DD') AS valid_from, x.node_id, n.external_id AS path, l.iso_639_1 AS language,
          f.cite_key, x.heading, x.cite_chain, f.text, x.score
        FROM (
          SELECT ps.fragment_id, ps.document_id, ps.branch_id, ps.node_id, ps.language_id, ps.heading, ps.cite_chain,
            ${query.rank}::float8 AS score,
            row_number() OVER (PARTITION BY ps.document_id ORDER BY ${query.rank} DESC, b.kind = 'main' DESC, ps.seq) AS pos
          FROM provision_search ps JOIN branches b ON b.id = ps.branch_id
          WHERE ${sql.join(conditions, sql` AND `)}
        ) x
        JOIN fragments f ON f.id = x.fragment_id
        JOIN nodes n ON n.id = x.node_id
        JOIN branches b ON b.id = x.branch_id
        JOIN languages l ON l.language_id = x.language_id
        WHERE x.pos <= ${options.perDocument}
        ORDER BY x.document_id, x.pos`,
  );
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}
