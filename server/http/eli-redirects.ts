// ELI-style aliases of documents, answered with a redirect to the reader's canonical address:
//   /eli/cz/sb/{year}/{number}[/{YYYY-MM-DD}][/{provision path}] -> /documents/{id}-{slug}?at=…&p=…
//   /eli/{type}/{year}/{number}[/oj]  (EU acts whose metadata carries data.europa.eu's ELI)
// Czech acts are found by their number ('1/1993 Sb.'), EU acts by the ELI the importer kept in
// metadata.source_ids.eli. The version and the provision are resolved by the reader (`?at=`,
// `?p=`), so an alias stays valid when a new version arrives. Unknown aliases get no redirect.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { documentPath } from '../../src/shared/document-path.js';
import { isProvisionPath, isoDateOrUndefined } from '../../src/shared/provision-path.js';
import { externalKeyOf } from '../../src/shared/search-keys.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

export const isEliPath = (url: string) => url === '/eli' || url.startsWith('/eli/');

/** What an ELI alias asks for, before any lookup. */
export type EliRequest =
  { kind: 'cz'; year: string; number: string; at?: string; path?: string } | { kind: 'eu'; eli: string };

const NUMBER = /^\d{1,6}$/;
const YEAR = /^\d{4}$/;
const EU_TYPES = new Set(['reg', 'dir', 'dec', 'reg_impl', 'reg_del', 'dir_impl', 'dir_del', 'dec_impl', 'dec_del']);

/** Parses `/eli/...` (no query); null when it is no alias we know. */
export function parseEli(pathname: string): EliRequest | null {
  let parts: string[];
  try {
    parts = pathname.split('/').slice(2).filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (parts[0] === 'cz' && parts[1] === 'sb') {
    const [, , year, number, ...rest] = parts;
    if (!year || !number || !YEAR.test(year) || !NUMBER.test(number)) return null;
    const at = isoDateOrUndefined(rest[0]);
    const pathParts = at ? rest.slice(1) : rest;
    const path = pathParts.length > 0 ? pathParts.join('/').toLowerCase() : undefined;
    if (path !== undefined && !isProvisionPath(path)) return null;
    return { kind: 'cz', year, number, at, path };
  }
  const [type, year, number, ...rest] = parts;
  if (!type || !EU_TYPES.has(type) || !year || !YEAR.test(year) || !number || !NUMBER.test(number)) return null;
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'oj')) return null;
  return { kind: 'eu', eli: `/eli/${type}/${year}/${number}` };
}

interface Found {
  id: string;
  title: string;
}

async function findDocument(db: Db, request: EliRequest): Promise<Found | undefined> {
  if (request.kind === 'cz') {
    const key = externalKeyOf(`${request.number}/${request.year} Sb.`);
    const [row] = await sqlRows<Found>(
      db,
      sql`SELECT id, metadata->>'title' AS title FROM documents WHERE external_key = ${key} ORDER BY id LIMIT 1`,
    );
    return row;
  }
  const candidates = [request.eli, `${request.eli}/oj`].flatMap((eli) => [eli, `http://data.europa.eu${eli}`]);
  const [row] = await sqlRows<Found>(
    db,
    sql`SELECT id, metadata->>'title' AS title FROM documents
        WHERE metadata->'source_ids'->>'eli' IN (${sql.join(
          candidates.map((candidate) => sql`${candidate}`),
          sql`, `,
        )}) ORDER BY id LIMIT 1`,
  );
  return row;
}

/** The canonical reader address of an ELI alias, or null when the alias names nothing we hold. */
export async function eliRedirect(db: Db, pathname: string): Promise<string | null> {
  const request = parseEli(pathname);
  if (!request) return null;
  const found = await findDocument(db, request);
  if (!found) return null;
  const query = new URLSearchParams();
  if (request.kind === 'cz' && request.at) query.set('at', request.at);
  if (request.kind === 'cz' && request.path) query.set('p', request.path);
  // '/' reads better than %2F in a provision path and is allowed in a query.
  const search = query.toString().replace(/%2F/g, '/');
  return `${documentPath(found.id, found.title)}${search ? `?${search}` : ''}`;
}

/** The request's ELI alias resolved (a failed lookup answers as an unknown alias). */
export async function eliRedirectOf(db: Db, request: FastifyRequest): Promise<string | null> {
  const at = request.url.indexOf('?');
  try {
    return await eliRedirect(db, at < 0 ? request.url : request.url.slice(0, at));
  } catch (error) {
    request.log.warn({ err: error }, 'ELI alias lookup failed');
    return null;
  }
}
