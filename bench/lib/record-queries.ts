// Captures the SQL text and parameters that server/library code sends through drizzle, so the
// bench replays exactly the endpoint's SQL through `database.raw`.
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * A Db that records every `execute` into `sink`. With `real`, the query also runs there;
 * without, it answers no rows (enough to capture a library function's one query).
 */
export function recordingDb(sink: CapturedQuery[], real?: Db): Db {
  const target = (real ?? {}) as Db;
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property !== 'execute') return Reflect.get(object, property, receiver);
      return (query: SQL) => {
        const built = dialect.sqlToQuery(query.getSQL());
        sink.push({ text: built.sql, params: built.params });
        return real ? real.execute(query) : Promise.resolve({ rows: [] });
      };
    },
  });
}

/** The single query a library function runs, captured without touching a database. */
export async function captureQuery(run: (db: Db) => Promise<unknown>): Promise<CapturedQuery> {
  const sink: CapturedQuery[] = [];
  await run(recordingDb(sink));
  if (sink.length !== 1) throw new Error(`expected one query, captured ${sink.length}`);
  return sink[0]!;
}
