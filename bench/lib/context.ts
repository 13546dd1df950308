// What every bench part gets: the engine, load settings and a logger.
import type { Engine } from '../../server/db/client.js';

export interface BenchContext {
  engine: Engine;
  /** Measured seconds per load run, after `warmupS` seconds of warm-up. */
  durationS: number;
  warmupS: number;
  /** Concurrent HTTP connections and in-process SQL callers. */
  connections: number;
  log: (line: string) => void;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;

/** Refreshes planner statistics: PostgreSQL's autovacuum would; PGlite never does on its own. */
export async function analyze(raw: (text: string) => Promise<unknown>) {
  await raw('ANALYZE');
}
