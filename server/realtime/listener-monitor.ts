// The slow-listener monitor (issue 15): PostgreSQL has one NOTIFY queue per cluster, and it is
// freed only as far as the slowest listening session has read; a listener that stops reading
// fills it until every writer's COMMIT stalls. Each instance reports its LISTEN backend and the
// last message id it took in (realtime_listeners); when the queue passes a threshold, any
// instance terminates the listening backends that lag or stopped reporting. The Lexhub instance
// whose listener was cut reconnects and replays from the backlog, so nothing is lost.
// PGlite is one process with one session: no monitor there.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { NOTIFY_CHANNEL, type RealtimeHub } from './hub.js';

export interface ListenerMonitorOptions {
  /** How often an instance reports its listener and looks at the queue. */
  everyMs: number;
  /** Fill of the NOTIFY queue (0-1) from which lagging listeners are cut; 0: always (tests). */
  queueUsageThreshold: number;
  /** A listener this many messages behind what it should have read is lagging. */
  maxLagMessages: number;
  /** What a listener "should have read": messages older than this before its last report. */
  graceMs: number;
  /** A listener whose instance has not reported for this long is cut too (its process hangs). */
  staleAfterMs: number;
}

export const DEFAULT_LISTENER_MONITOR: ListenerMonitorOptions = {
  everyMs: 5000,
  // The queue holds 8 GB by default: a tenth is far from a stall and far from normal traffic.
  queueUsageThreshold: 0.1,
  maxLagMessages: 10_000,
  graceMs: 2000,
  staleAfterMs: 30_000,
};

/** Rows of instances gone for this long are deleted. */
const FORGET_AFTER_SECONDS = 3600;

export class ListenerMonitor {
  /** This instance's row in realtime_listeners. */
  readonly instanceId = randomUUID();
  /** The last pg_notification_queue_usage() read (for /metrics). */
  queueUsage = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly options: ListenerMonitorOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.timer ??= setInterval(() => {
      // A slow database must not pile ticks up.
      this.running ??= this.tick().finally(() => (this.running = undefined));
    }, this.options.everyMs);
    this.timer.unref();
  }

  /** One report and check; public so tests can run it at once. Failures are logged, not thrown. */
  async tick(): Promise<void> {
    try {
      await this.report();
      const [usage] = await sqlRows<{ usage: number | string }>(
        this.db,
        sql`SELECT pg_notification_queue_usage() AS usage`,
      );
      this.queueUsage = Number(usage?.usage ?? 0);
      if (this.queueUsage >= this.options.queueUsageThreshold) await this.cutLagging();
      await this.db.execute(
        sql`DELETE FROM realtime_listeners WHERE seen_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`,
      );
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: the listener monitor failed');
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.running;
    await this.db.execute(sql`DELETE FROM realtime_listeners WHERE instance_id = ${this.instanceId}`).catch(() => {});
  }

  private async report() {
    await this.db.execute(
      sql`INSERT INTO realtime_listeners (instance_id, backend_pid, last_id, seen_at)
          VALUES (${this.instanceId}, ${this.hub.listenerPid}, ${this.hub.lastId}, now())
          ON CONFLICT (instance_id) DO UPDATE
          SET backend_pid = excluded.backend_pid, last_id = excluded.last_id, seen_at = excluded.seen_at`,
    );
  }

  /**
   * Terminates the listening backends that are far behind or whose instance went quiet. Only
   * sessions that still listen on our channel (their last statement that LISTEN: the listener's
   * heartbeat repeats it, pg-listener.ts), of our role, in this database: a pid of a vanished
   * instance may since belong to someone else.
   */
  private async cutLagging() {
    const { maxLagMessages, graceMs, staleAfterMs } = this.options;
    const cut = await sqlRows<{ pid: number; instance_id: string }>(
      this.db,
      sql`SELECT l.backend_pid AS pid, l.instance_id, pg_terminate_backend(l.backend_pid) AS done
          FROM realtime_listeners l
          JOIN pg_stat_activity a ON a.pid = l.backend_pid AND a.datname = current_database()
          WHERE a.query ILIKE ${`LISTEN %${NOTIFY_CHANNEL}%`} AND a.usename = current_user
            AND (l.seen_at < now() - make_interval(secs => ${staleAfterMs / 1000})
                 OR EXISTS (SELECT 1 FROM realtime_messages m
                            WHERE m.id > l.last_id + ${maxLagMessages}
                              AND m.created_at < l.seen_at - make_interval(secs => ${graceMs / 1000})))`,
    );
    if (cut.length === 0) return;
    this.hub.stats.listenerCuts += cut.length;
    this.log.warn(
      { pids: cut.map((row) => row.pid), queueUsage: this.queueUsage },
      'realtime: cut lagging LISTEN sessions; they reconnect and replay',
    );
  }
}
