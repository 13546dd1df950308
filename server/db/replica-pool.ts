// The read replica (DATABASE_READ_URL): a pool on a PostgreSQL hot standby and the pool-like
// router drizzle's read database runs on. A query goes to the standby only inside a request whose
// read route allows it (read-route.ts), while the standby is up, and, for a caller who wrote,
// once the standby has replayed that write; everything else, every transaction included, runs on
// the primary. A standby that fails a read (gone, or a query cancelled by a recovery conflict)
// hands it to the primary, so a lost standby slows reads down but never fails them.
import pg from 'pg';
import { isDatabaseUnavailable, isPoolCheckoutTimeout, sqlStateOf } from './query-error.js';
import { currentReadRoute } from './read-route.js';
import { parseWalPosition } from './wal-position.js';

/** The standby's replay position is asked at most this often per instance. */
export const REPLAY_POSITION_CACHE_MS = 100;
/** After a failure the standby is left alone this long; then the next read tries it again. */
export const REPLICA_RETRY_AFTER_MS = 5_000;
/**
 * A standby further behind than this (it has not replayed what the primary had written this long
 * ago) is passed over until it catches up: access decisions read there too (org membership,
 * a collection's visibility), so a stalled standby must not keep serving an old state of them.
 */
export const MAX_REPLICA_LAG_MS = 10_000;
/** How often the primary's write position is sampled (on a timer) to measure that lag. */
const PRIMARY_SAMPLE_MS = 250;
/** A standby that does not accept a connection within this hands its reads to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
// 25006: a write reached the read-only standby (a read path that writes); 40001: the standby
// cancelled the query for a conflict with recovery. Both succeed on the primary.
const RETRY_ON_PRIMARY_SQLSTATES = new Set(['25006', '40001']);

export interface ReadReplica {
  /** The primary's current WAL position (`pg_current_wal_lsn()`), after a write. */
  primaryWritePosition(): Promise<string>;
  /** What the standby has replayed, cached REPLAY_POSITION_CACHE_MS; undefined while it is away or not a standby. */
  replayPosition(): Promise<bigint | undefined>;
  /** The pool drizzle's read database runs on (see ReplicaRoutingPool). */
  router: ReplicaRoutingPool;
  /** The standby's own connection pool (its total, idle and waiting counts go to /metrics). */
  pool: pg.Pool;
  /**
   * How far behind the standby is, in seconds, asked of the standby itself (replicationLag), or
   * undefined when it does not answer within `timeoutMs` (gone, hanging) or is not a standby.
   */
  lagSeconds(timeoutMs: number): Promise<number | undefined>;
  close(): Promise<void>;
}

/**
 * The standby's lag as the standby sees it: 0 when it has replayed all it received, else the age
 * of the last transaction it replayed. Measured there, not from the primary's pg_stat_replication
 * (replay_lag): that view lists every standby of the primary with no tie to DATABASE_READ_URL (a
 * proxy or a cascading standby in between), and its replay_lag goes NULL once the standby is idle
 * and caught up. Plain `now() - pg_last_xact_replay_timestamp()` would grow without bound on a
 * primary that writes nothing; the comparison with what was received keeps an idle, caught-up
 * standby at 0. Its blind spot: a standby cut off from the primary has replayed all it received
 * and reads 0 too (the routing's own check, MAX_REPLICA_LAG_MS, compares with the primary's WAL).
 */
export const REPLICA_LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN NULL
    WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
    ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
  END::float8 AS lag`;

export interface ReplicaPoolOptions {
  max: number;
  /** The session settings of every connection (`-c name=value ...`), as on the primary. */
  options: string;
  /** MAX_REPLICA_LAG_MS unless given (tests). */
  maxLagMs?: number;
}

export function openReadReplica(primary: pg.Pool, readUrl: string, settings: ReplicaPoolOptions): ReadReplica {
  const pool = new pg.Pool({
    connectionString: readUrl,
    max: settings.max,
    options: settings.options,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
  });
  // An idle connection the standby drops (restart, promotion) is replaced on next use.
  pool.on('error', () => {});

  let downUntil = 0;
  let cached: { at: number; position: Promise<bigint | undefined> } | undefined;

  const isUp = () => Date.now() >= downUntil;
  /** Whether the primary should take over a read the standby failed; a lost standby is set aside. */
  const handOver = (error: unknown): boolean => {
    // Every replica connection busy for the whole connect timeout (a burst of slow public reads):
    // this read goes to the primary, but the standby is not down, and setting it aside would let
    // anyone with a few slow requests push every read onto the primary, again and again.
    if (isPoolCheckoutTimeout(error)) return true;
    if (isDatabaseUnavailable(error)) {
      downUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
      return true;
    }
    return RETRY_ON_PRIMARY_SQLSTATES.has(sqlStateOf(error) ?? '');
  };

  const readReplayPosition = async (): Promise<bigint | undefined> => {
    try {
      // NULL on a server that is not a standby: its positions say nothing about the primary's.
      const { rows } = await pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      return parseWalPosition(rows[0]?.lsn);
    } catch (error) {
      handOver(error);
      return undefined;
    }
  };

  const replayPosition = (): Promise<bigint | undefined> => {
    // One question in flight at a time, shared by every request of the next 100 ms.
    if (!cached || Date.now() - cached.at >= REPLAY_POSITION_CACHE_MS)
      cached = { at: Date.now(), position: readReplayPosition() };
    return cached.position;
  };

  // The primary's write position over time, oldest first, sampled every PRIMARY_SAMPLE_MS on an
  // unref'd timer from the moment the pool opens (a first sample at once). The standby must have
  // replayed the newest sample at least maxLag old; until one is that old (the first seconds),
  // the oldest sample stands in: a stricter bound, which a standby that keeps up meets within
  // moments, while one stalled before the app started gets no reads. Samples are kept 2 × maxLag
  // and dropped after: when sampling stalls (the primary unreachable) no stale sample vouches for
  // the standby, and with none left it gets no reads. Sampling on a timer, not lazily by reads,
  // keeps the bound tight after a quiet spell too.
  const maxLagMs = settings.maxLagMs ?? MAX_REPLICA_LAG_MS;
  const samples: { at: number; position: bigint }[] = [];
  let sampling = false;
  const samplePrimary = () => {
    const at = Date.now();
    while (samples[0] && samples[0].at < at - 2 * maxLagMs) samples.shift();
    if (sampling) return;
    sampling = true;
    primary
      .query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
      .then(({ rows }) => {
        const position = parseWalPosition(rows[0]?.lsn);
        if (position !== undefined) samples.push({ at, position });
      })
      .catch(() => {})
      .finally(() => (sampling = false));
  };
  samplePrimary();
  const sampler = setInterval(samplePrimary, PRIMARY_SAMPLE_MS).unref();
  /** What the standby must have replayed by now; undefined when there is no sample to go by. */
  const required = (): bigint | undefined => {
    const cutoff = Date.now() - maxLagMs;
    return (samples.findLast((sample) => sample.at <= cutoff) ?? samples[0])?.position;
  };
  const tooFarBehind = async (): Promise<boolean> => {
    const due = required();
    if (due === undefined) return true;
    // Undefined: the standby is away, or is no standby at all (a DATABASE_READ_URL that leads to
    // another primary has no replay position): either way it gets no reads.
    const replayed = await replayPosition();
    return replayed === undefined || replayed < due;
  };

  /** Whether the current request's read may go to the standby now. */
  const servesCurrentRead = async (): Promise<boolean> => {
    const route = currentReadRoute();
    if (!route?.replica || !isUp()) return false;
    if (await tooFarBehind()) return false;
    if (route.afterWrite === undefined) return true;
    const replayed = await replayPosition();
    return replayed !== undefined && replayed >= route.afterWrite;
  };

  return {
    async primaryWritePosition() {
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      return rows[0]!.lsn;
    },
    replayPosition,
    router: new ReplicaRoutingPool(primary, pool, servesCurrentRead, handOver),
    pool,
    async lagSeconds(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      // The timer also covers waiting for a connection (a dead standby: up to the connect timeout).
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      const asked = pool
        .query<{ lag: number | null }>({ text: REPLICA_LAG_SQL, query_timeout: timeoutMs } as pg.QueryConfig)
        .then(({ rows }) =>
          rows[0]?.lag === null || rows[0]?.lag === undefined ? undefined : Math.max(0, rows[0].lag),
        )
        .catch(() => undefined);
      try {
        return await Promise.race([asked, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      clearInterval(sampler);
      await pool.end();
    },
  };
}

/**
 * What drizzle's node-postgres driver needs of a pool: `query` and `connect`. drizzle treats a
 * client whose class name contains "Pool" as a pool (a transaction takes its own connection), so
 * the name matters. Transactions always run on the primary: a read path that needs one is rare,
 * and a transaction cannot move to the primary halfway.
 */
export class ReplicaRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: pg.Pool,
    private readonly servesCurrentRead: () => Promise<boolean>,
    private readonly handOver: (error: unknown) => boolean,
  ) {}

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (!(await this.servesCurrentRead())) return this.primary.query(config, values);
    try {
      return await this.replica.query(config, values);
    } catch (error) {
      if (!this.handOver(error)) throw error;
      return this.primary.query(config, values);
    }
  }
}
