// libpq's `target_session_attrs=read-write`, which node-postgres lacks: every new connection of the
// primary's pool asks whether the server takes writes and is refused when it does not (a standby,
// or a former primary after a failover), so writes never reach a read-only server. Used when the
// URL asks for it or a read replica is configured (a primary URL pointing at the standby by mistake
// would otherwise only show when the first write fails).
import type pg from 'pg';

/** The refusal: class 08 (connection exception), so the API answers 503 database_unavailable. */
export class ReadOnlyServerError extends Error {
  readonly code = '08004';
  constructor() {
    super(
      'DATABASE_URL leads to a read-only server (a standby?): Lexhub writes to the primary ' +
        '(target_session_attrs=read-write). Point DATABASE_URL at the primary; the standby belongs in DATABASE_READ_URL.',
    );
    this.name = 'ReadOnlyServerError';
  }
}

/** Whether the URL's `target_session_attrs` asks for a writable server. */
export function asksForReadWrite(url: string): boolean {
  const value = URL.canParse(url) ? new URL(url).searchParams.get('target_session_attrs') : null;
  return value === 'read-write' || value === 'primary';
}

/** pg-pool's `verify` hook: refuses a new connection to a read-only server. */
export function verifyReadWrite(client: pg.PoolClient, done: (error?: Error) => void): void {
  client.query<{ transaction_read_only: string }>('SHOW transaction_read_only').then(
    ({ rows }) => done(rows[0]?.transaction_read_only === 'on' ? new ReadOnlyServerError() : undefined),
    (error: Error) => done(error),
  );
}
