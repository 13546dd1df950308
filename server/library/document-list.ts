// The documents list: search by number or title words, filter by jurisdiction (or every one but
// some: the home page's 'other jurisdictions'), type, year and in-force state, sort, page; and the
// facet counts of the same search.
import { sql, type SQL } from 'drizzle-orm';
import type { Document, DocumentFacets } from '../../src/api/contract/documents.js';
import type { DocumentType, Jurisdiction } from '../../src/shared/document-class.js';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { inForceSql, jurisdictionSql, typeSql, yearSql } from './document-class-sql.js';
import { DOCUMENT_COLUMNS, escapeLike, toDocument, type DocumentRow } from './documents.js';

export interface DocumentListFilter {
  externalId?: string;
  q?: string;
  jurisdiction?: Jurisdiction;
  /** Jurisdictions left out ('cz', 'eu': every other legal order); part of the jurisdiction facet. */
  jurisdictionNot?: Jurisdiction[];
  type?: DocumentType;
  year?: number;
  inForce?: boolean;
}

export type DocumentSort = 'title' | 'number' | 'effective' | 'updated';

type Facet = 'jurisdiction' | 'type' | 'year' | 'in_force';

/** The search conditions, and those of each facet apart, so a facet can be counted without its own. */
function conditionsOf(filter: DocumentListFilter): { search: SQL[]; facets: Partial<Record<Facet, SQL>> } {
  const search: SQL[] = [];
  if (filter.externalId) search.push(sql`d.external_key LIKE ${escapeLike(externalKeyOf(filter.externalId)) + '%'}`);
  if (filter.q) search.push(sql`d.search_text LIKE ${'%' + escapeLike(foldForSearch(filter.q)) + '%'}`);
  const facets: Partial<Record<Facet, SQL>> = {};
  const jurisdiction: SQL[] = [];
  if (filter.jurisdiction) jurisdiction.push(sql`${jurisdictionSql} = ${filter.jurisdiction}`);
  if (filter.jurisdictionNot?.length)
    jurisdiction.push(
      sql`${jurisdictionSql} NOT IN (${sql.join(
        filter.jurisdictionNot.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  if (jurisdiction.length > 0) facets.jurisdiction = sql.join(jurisdiction, sql` AND `);
  if (filter.type) facets.type = sql`${typeSql} = ${filter.type}`;
  if (filter.year !== undefined) facets.year = sql`${yearSql} = ${filter.year}`;
  if (filter.inForce !== undefined) facets.in_force = filter.inForce ? inForceSql : sql`NOT ${inForceSql}`;
  return { search, facets };
}

function whereOf(conditions: SQL[]): SQL {
  return conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** The cited number's year and number where its form is known (Czech, CELEX, BGBl), for sorting by number. */
const numberYear = sql`coalesce(substring(d.external_id from '^[0-9]+/([0-9]{4})')::int,
  substring(d.external_id from '^[0-9CE]([0-9]{4})[A-Z]')::int,
  substring(d.external_id from '^eli/bund/bgbl-[12]/([0-9]{4})/')::int)`;
const numberValue = sql`coalesce(substring(d.external_id from '^([0-9]+)/[0-9]{4}')::int,
  substring(d.external_id from '^[0-9CE][0-9]{4}[A-Z]{1,2}([0-9]{4})')::int,
  substring(d.external_id from '^eli/bund/bgbl-[12]/[0-9]{4}/s?([0-9]+)')::int)`;

const ORDERS: Record<DocumentSort, SQL> = {
  title: sql`d.search_text, d.id`,
  number: sql`${numberYear} NULLS LAST, ${numberValue} NULLS LAST, d.external_key, d.id`,
  effective: sql`coalesce(b.valid_from, d.effective_date) DESC NULLS LAST, d.search_text, d.id`,
  updated: sql`d.updated_at DESC, d.search_text, d.id`,
};

export async function listDocumentPage(
  db: Db,
  filter: DocumentListFilter & { sort?: DocumentSort; limit: number; offset: number },
): Promise<Document[]> {
  const { search, facets } = conditionsOf(filter);
  // Without a sort asked for, a typed number ranks the exact match first, then the shortest completion.
  const key = filter.externalId ? externalKeyOf(filter.externalId) : undefined;
  const order =
    filter.sort === undefined && key !== undefined
      ? sql`(d.external_key = ${key}) DESC, length(d.external_key), d.external_key, d.id`
      : ORDERS[filter.sort ?? 'title'];
  const rows = await sqlRows<DocumentRow>(
    db,
    sql`SELECT ${DOCUMENT_COLUMNS} FROM documents d
        LEFT JOIN branches b ON b.document_id = d.id AND b.kind = 'main'
        ${whereOf([...search, ...Object.values(facets)])}
        ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  return rows.map(toDocument);
}

const FACET_VALUE: Record<Facet, SQL> = {
  jurisdiction: jurisdictionSql,
  type: typeSql,
  year: sql`${yearSql}::text`,
  in_force: sql`(CASE WHEN ${inForceSql} THEN 'true' ELSE 'false' END)`,
};

/**
 * Each facet counted under the search and every other facet's filter, so picking one year still
 * shows what the other years hold. One pass over the matching documents per facet; the table
 * has one row per work, so this stays small.
 */
export async function documentFacets(db: Db, filter: DocumentListFilter): Promise<DocumentFacets> {
  const { search, facets } = conditionsOf(filter);
  const others = (facet: Facet) =>
    whereOf([...search, ...Object.entries(facets).flatMap(([name, condition]) => (name === facet ? [] : [condition]))]);
  const names = Object.keys(FACET_VALUE) as Facet[];
  const counts = await Promise.all(
    names.map((facet) =>
      sqlRows<{ value: string | null; count: number }>(
        db,
        sql`SELECT ${FACET_VALUE[facet]} AS value, count(*)::int AS count FROM documents d ${others(facet)}
            GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
    ),
  );
  const [total] = await sqlRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM documents d ${whereOf([...search, ...Object.values(facets)])}`,
  );
  const result = Object.fromEntries(
    names.map((facet, index) => [
      facet,
      counts[index]!.filter((row) => row.value !== null).map((row) => ({
        value: row.value!,
        count: Number(row.count),
      })),
    ]),
  ) as Omit<DocumentFacets, 'total'>;
  // Years read best newest first.
  result.year.sort((a, b) => Number(b.value) - Number(a.value));
  return { total: Number(total?.count ?? 0), ...result };
}

/** The list's filter from a parsed list or facets query. */
export function listFilterOf(query: {
  external_id?: string;
  q?: string;
  jurisdiction?: Jurisdiction;
  jurisdiction_not?: Jurisdiction[];
  type?: DocumentType;
  year?: number;
  in_force?: boolean;
}): DocumentListFilter {
  return {
    externalId: query.external_id,
    q: query.q,
    jurisdiction: query.jurisdiction,
    jurisdictionNot: query.jurisdiction_not,
    type: query.type,
    year: query.year,
    inForce: query.in_force,
  };
}
