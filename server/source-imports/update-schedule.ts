// The update schedule (issue 16, LEXHUB_UPDATE_INTERVAL): every instance ticks, but a run is
// claimed through the database first: `UPDATE source_update_runs SET next_run_at = now() + interval
// WHERE next_run_at <= now() AND <no run going> RETURNING`. PostgreSQL re-checks the WHERE of a
// row another transaction just updated, so of instances ticking at once exactly one gets the row.
// A fresh database's row is due at once: the first tick after the first start checks.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { runUpdate, type UpdateReport, type UpdateRunOptions } from './update-run.js';

const SCHEDULE = 'source-updates';
/** A run started this long ago without finishing belonged to an instance that died: the next may start. */
const RUN_LEASE_SECONDS = 6 * 3600;
/** How often an instance asks whether a run is due; never more than the interval. */
const MAX_TICK_MS = 60_000;

export interface UpdateScheduler {
  /** Claims a due run and runs it: its report, or undefined when none was due (or another instance runs it). */
  tick(): Promise<UpdateReport | undefined>;
  /** Stops ticking; waits for a run going on this instance (it stops between acts). */
  close(): Promise<void>;
}

export interface UpdateScheduleOptions extends Omit<UpdateRunOptions, 'stopping'> {
  intervalMs: number;
  /** Ticks on a timer (the server); tests call tick() themselves. */
  timer?: boolean;
  log?: (message: string, details: object) => void;
}

export function createUpdateScheduler(db: Db, options: UpdateScheduleOptions): UpdateScheduler {
  let closing = false;
  let current: Promise<UpdateReport | undefined> | undefined;
  const tick = () => {
    // One run at a time on this instance; a tick meanwhile finds it running.
    current ??= claimRun(db, options.intervalMs)
      .then(async (claimed) => {
        if (!claimed || closing) return undefined;
        try {
          const report = await runUpdate(db, { ...options, stopping: () => closing });
          options.log?.('update run finished', {
            checked: report.checked,
            created: report.created.length,
            notices: report.notices,
            problems: report.problems,
          });
          return report;
        } finally {
          await finishRun(db);
        }
      })
      .finally(() => (current = undefined));
    return current;
  };
  const timer = options.timer
    ? setInterval(
        () => void tick().catch((error: unknown) => options.log?.('update run failed', { err: error })),
        Math.min(options.intervalMs, MAX_TICK_MS),
      )
    : undefined;
  timer?.unref();
  return {
    tick,
    async close() {
      closing = true;
      clearInterval(timer);
      await current?.catch(() => {});
    },
  };
}

/** True when this instance took the due run. */
export async function claimRun(db: Db, intervalMs: number): Promise<boolean> {
  await db.execute(
    sql`INSERT INTO source_update_runs (name, next_run_at) VALUES (${SCHEDULE}, now()) ON CONFLICT (name) DO NOTHING`,
  );
  const rows = await sqlRows<{ runs: number }>(
    db,
    sql`UPDATE source_update_runs
        SET next_run_at = now() + make_interval(secs => ${intervalMs / 1000}), started_at = now(), runs = runs + 1
        WHERE name = ${SCHEDULE} AND next_run_at <= now()
          AND (started_at IS NULL OR finished_at >= started_at
               OR started_at < now() - make_interval(secs => ${RUN_LEASE_SECONDS}))
        RETURNING runs`,
  );
  return rows.length > 0;
}

async function finishRun(db: Db) {
  await db.execute(sql`UPDATE source_update_runs SET finished_at = now() WHERE name = ${SCHEDULE}`);
}
