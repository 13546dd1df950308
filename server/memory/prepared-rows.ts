// Rows of a read that runs many times a second (the MCP read tools) as a named prepared statement:
// PostgreSQL parses and plans such a statement once per connection instead of on every call.
// Planning the graph statement cost as much as running it (pgbench on the MCP bench's graph,
// issue 12: 15-20 ms simple against 9-10 ms prepared at load average 18), and PostgreSQL shares
// the machine's cores with the server. A statement whose best plan hinges on a parameter's value
// (a search's LIKE pattern) may be prepared too: PostgreSQL plans the first five runs for their
// values and only then switches to a generic plan if it is not estimated dearer than theirs
// (plan_cache_mode auto). PGlite ignores the name.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Tx } from '../db/sql.js';

const dialect = new PgDialect();
/** Statement names by text: a name must always stand for the same text on a connection. */
const names = new Map<string, string>();
const NAMES_MAX = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= NAMES_MAX) names.clear();
    name = `lxh_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

export async function preparedRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
