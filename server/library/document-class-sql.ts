// The rules of src/shared/document-class.ts as SQL expressions over `documents d`, so the list
// filters and counts by jurisdiction and type in the database, with the client's own reading.
import { sql, type SQL } from 'drizzle-orm';
import {
  AKN_COUNTRY,
  CELEX_NUMBER,
  JURISDICTIONS,
  JURISDICTION_BY_NUMBER,
  JURISDICTION_BY_SOURCE,
  PROPOSAL_NUMBER,
  TYPE_BY_CELEX_LETTER,
  TYPE_BY_KIND_PREFIX,
  TYPE_BY_SOURCE,
} from '../../src/shared/document-class.js';

const source = sql`(d.metadata->>'source_system')`;
const kind = sql`lower(btrim(coalesce(d.metadata->>'kind', '')))`;

export const jurisdictionSql: SQL = sql`(CASE
  ${sql.join(
    JURISDICTION_BY_NUMBER.map(([pattern, value]) => sql`WHEN d.external_id ~ ${pattern} THEN ${value}`),
    sql` `,
  )}
  ${sql.join(
    Object.entries(JURISDICTION_BY_SOURCE).map(([name, value]) => sql`WHEN ${source} = ${name} THEN ${value}`),
    sql` `,
  )}
  WHEN substring(d.external_id from ${AKN_COUNTRY}) IN (${sql.join(
    JURISDICTIONS.map((value) => sql`${value}`),
    sql`, `,
  )}) THEN substring(d.external_id from ${AKN_COUNTRY})
  ELSE 'other' END)`;

const celexLetter = sql`substring(d.external_id from ${CELEX_NUMBER})`;

export const typeSql: SQL = sql`(CASE
  ${sql.join(
    Object.entries(TYPE_BY_SOURCE).map(([name, value]) => sql`WHEN ${source} = ${name} THEN ${value}`),
    sql` `,
  )}
  WHEN d.external_id ~ ${PROPOSAL_NUMBER} THEN 'proposal'
  ${sql.join(
    Object.entries(TYPE_BY_CELEX_LETTER).map(([letter, value]) => sql`WHEN ${celexLetter} = ${letter} THEN ${value}`),
    sql` `,
  )}
  ${sql.join(
    TYPE_BY_KIND_PREFIX.map(([prefix, value]) => sql`WHEN left(${kind}, ${prefix.length}) = ${prefix} THEN ${value}`),
    sql` `,
  )}
  ELSE 'other' END)`;

/** The year a list filters by: of publication, else of effect. */
export const yearSql: SQL = sql`(extract(year FROM coalesce(d.published_date, d.effective_date))::int)`;

/** In force today: a version in force from today or earlier, and no expiry date in the past. */
export const inForceSql: SQL = sql`(EXISTS (SELECT 1 FROM branches fb WHERE fb.document_id = d.id
    AND fb.valid_from <= current_date) AND (d.expiry_date IS NULL OR d.expiry_date >= current_date))`;
