// Where the queries of the current request may read: the request's hooks
// (server/http/read-your-writes.ts) set it, the read replica's pool (replica-pool.ts) asks it.
// Carried by AsyncLocalStorage, so the route handlers and domain modules stay unaware of it.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ReadRoute {
  /** A read request on a route given the read database: the replica may answer it. */
  replica: boolean;
  /** The caller's own last write (its WAL position): the replica answers only once it has replayed it. */
  afterWrite?: bigint;
}

const storage = new AsyncLocalStorage<ReadRoute>();

/** Runs `work` (and everything it starts) with `route`. */
export function runWithReadRoute<T>(route: ReadRoute, work: () => T): T {
  return storage.run(route, work);
}

/** The current request's route; none outside a request (start-up, timers, imports): the primary. */
export function currentReadRoute(): ReadRoute | undefined {
  return storage.getStore();
}
