// GET /metrics in Prometheus's text format (prom-client): requests by route and status with their
// durations, the PostgreSQL pools (total, idle, waiting; the primary's and, with DATABASE_READ_URL,
// the read replica's by a `pool` label) and the replica's lag, the live channel on this instance
// (sockets, deliveries, how far behind its listener is, 4429 cuts, lagging listeners cut, messages
// caught up after a dropped LISTEN) and the fill of PostgreSQL's NOTIFY queue. Not public: with
// METRICS_HOST it is served on a listener of its own at that address (a private interface or
// loopback, what a Prometheus scraper reaches) and never on the public port; without it, on the
// public port only to `Authorization: Bearer <METRICS_TOKEN>`, and not at all (404) with neither.
// A token set with METRICS_HOST is asked for there too. One registry per app, so several apps in
// one process (tests) count apart.
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { HubStats, RealtimeHub } from '../realtime/hub.js';

export interface MetricsOptions {
  /** The bearer token a scraper sends (METRICS_TOKEN); none and no `listen`: /metrics is not served. */
  token?: string;
  /** METRICS_HOST: serve /metrics on its own listener here, not on the app's port. */
  listen?: MetricsListen;
}

export interface MetricsListen {
  host: string;
  /** 0: any free port (tests read it from app.metricsAddress). */
  port: number;
}

export const METRICS_PATH = '/metrics';
/** Request durations in seconds: from a cached page to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long a scrape waits for the read replica's lag before reporting it unknown. */
export const REPLICA_LAG_TIMEOUT_MS = 1_000;

/** The route's pattern, never the path asked for: ids and typos must not each become a series. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

const digest = (text: string) => createHash('sha256').update(text).digest();

function tokenMatches(authorization: string | undefined, token: string): boolean {
  const header = authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  // Digests of equal length: the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(given), digest(token));
}

export function installMetrics(
  app: FastifyInstance,
  database: Database,
  liveSockets: () => number,
  options: MetricsOptions,
) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'lexhub_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'lexhub_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // The pools by a `pool` label: the primary's, and with DATABASE_READ_URL the read replica's.
  const primaryPool = (database.db as { $client?: unknown }).$client;
  const pools: [string, pg.Pool][] = [];
  if (primaryPool instanceof pg.Pool) pools.push(['primary', primaryPool]);
  if (database.replica) pools.push(['replica', database.replica.pool]);
  if (pools.length > 0) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [registry],
        collect() {
          for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
        },
      });
    poolGauge('lexhub_db_pool_connections', 'PostgreSQL connections open in the pool', (p) => p.totalCount);
    poolGauge('lexhub_db_pool_idle', 'Pool connections idle', (p) => p.idleCount);
    poolGauge('lexhub_db_pool_waiting', 'Queries waiting for a pool connection', (p) => p.waitingCount);
  }
  const replica = database.replica;
  if (replica) {
    // Asked of the standby at scrape time, with a short timeout: a dead standby never hangs /metrics.
    // Both gauges of one scrape (collected concurrently) share one question.
    let asking: Promise<number | undefined> | undefined;
    const lag = () =>
      (asking ??= replica.lagSeconds(REPLICA_LAG_TIMEOUT_MS).finally(() => {
        asking = undefined;
      }));
    new Gauge({
      name: 'lexhub_db_replica_up',
      help: 'Whether the read replica answered the lag question within the scrape timeout (1) or not (0)',
      registers: [registry],
      async collect() {
        this.set((await lag()) === undefined ? 0 : 1);
      },
    });
    new Gauge({
      name: 'lexhub_db_replica_lag_seconds',
      help: 'Read replica lag: 0 when it has replayed all it received, else the age of its last replayed transaction; NaN when it does not answer',
      registers: [registry],
      async collect() {
        this.set((await lag()) ?? Number.NaN);
      },
    });
  }
  new Gauge({
    name: 'lexhub_live_sockets',
    help: 'Authenticated live-channel (/ws) sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(liveSockets());
    },
  });
  // The hub is decorated after this runs (routes come later): read it at scrape time.
  const hub = (): RealtimeHub | undefined => (app.hasDecorator('realtime') ? app.realtime : undefined);
  const hubCounter = (name: string, help: string, key: keyof HubStats) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        // The hub counts; a counter here can only grow, so it is set by resetting and adding.
        this.reset();
        this.inc(hub()?.stats[key] ?? 0);
      },
    });
  hubCounter('lexhub_live_deliveries_total', 'Live-channel messages handed to sockets (one per socket)', 'deliveries');
  hubCounter(
    'lexhub_live_slow_consumer_cuts_total',
    'Live sockets closed with 4429 for reading too slowly',
    'slowConsumerCuts',
  );
  hubCounter(
    'lexhub_live_listener_cuts_total',
    "Lagging LISTEN sessions this instance's monitor terminated",
    'listenerCuts',
  );
  hubCounter(
    'lexhub_live_caught_up_total',
    'Messages this instance replayed from the backlog after its LISTEN session dropped',
    'caughtUp',
  );
  new Gauge({
    name: 'lexhub_live_lag_messages',
    help: 'Messages stored that this instance has not yet taken in (ids behind the newest)',
    registers: [registry],
    async collect() {
      const live = hub();
      if (!live) return this.set(0);
      const { rows } = await database.raw('SELECT coalesce(max(id), 0) AS id FROM realtime_messages');
      this.set(Math.max(0, Number(rows[0]?.id ?? 0) - live.lastId));
    },
  });
  new Gauge({
    name: 'lexhub_notify_queue_usage_ratio',
    help: "Fill of PostgreSQL's NOTIFY queue (0-1); writers' commits stall when it is full",
    registers: [registry],
    async collect() {
      const { rows } = await database.raw('SELECT pg_notification_queue_usage() AS usage');
      this.set(Number(rows[0]?.usage ?? 0));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    if (routeOf(request) === METRICS_PATH) return;
    const method = request.method;
    const route = routeOf(request);
    const status = reply.statusCode;
    requests.inc({ method, route, status: String(status) });
    durations.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
  });

  const token = options.token;
  if (options.listen) return serveApart(app, registry, options.listen, token);
  app.get(METRICS_PATH, async (request, reply) => {
    // Unconfigured or a wrong token: the same 404 as any unknown path, nothing to probe.
    if (!token || !tokenMatches(request.headers.authorization, token)) return reply.callNotFound();
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

/** The host name of a Host header, without its port or an IPv6 literal's brackets. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(host);
  return (bracketed ? bracketed[1]! : host.replace(/:\d*$/, '')).toLowerCase();
}

/**
 * Whether a request to the METRICS_HOST listener without a token names a host it may be answered
 * for. A web page can reach a loopback or private listener through DNS rebinding (its own name,
 * made to resolve to this address), and then reads the answer as same-origin; its requests carry
 * that name in Host. So only an IP literal, `localhost` (a page from there is this machine's own)
 * or the configured METRICS_HOST name is answered; a request without Host (HTTP/1.0) is no browser's.
 */
function hostAllowed(host: string | undefined, listen: MetricsListen): boolean {
  if (host === undefined || net.isIP(host) !== 0) return true;
  const name = hostnameOf(host);
  return net.isIP(name) !== 0 || name === 'localhost' || name === listen.host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * /metrics on a listener of its own (METRICS_HOST), opened when the app gets ready (a taken port
 * stops the start) and closed with it. Nothing else is served there. Without a token, only to a
 * Host the listener may be named by (hostAllowed; else 421): a browser cannot send the token.
 */
function serveApart(app: FastifyInstance, registry: Registry, listen: MetricsListen, token: string | undefined) {
  const server = http.createServer((request, response) => {
    if (!token && !hostAllowed(request.headers.host, listen)) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request\n');
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://metrics');
    const wanted = (request.method === 'GET' || request.method === 'HEAD') && pathname === METRICS_PATH;
    if (!wanted || (token && !tokenMatches(request.headers.authorization, token))) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: collecting failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting the metrics failed\n');
      },
    );
  });
  app.decorate('metricsAddress', () => server.address() as AddressInfo | null);
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`METRICS_HOST ${listen.host}:${listen.port}: ${error.message}`, { cause: error })),
      );
      server.listen(listen.port, listen.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    app.log.info(
      `metrics on http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${METRICS_PATH}`,
    );
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    // A scraper's kept-alive connection would hold close() open.
    server.closeAllConnections();
    await closed;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_HOST listener's address once the app is ready (only with `metrics.listen`). */
    metricsAddress?: () => AddressInfo | null;
  }
}
