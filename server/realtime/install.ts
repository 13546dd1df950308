// Wires the live channel into the app: the hub (app.realtime), the /ws upgrade on the HTTP
// server, LISTEN when the app is ready, the slow-listener monitor (PostgreSQL), pruning of
// tokens and of the message backlog, and shutdown.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { RealtimeHub } from './hub.js';
import { ListenerMonitor } from './listener-monitor.js';
import { LiveSocketServer } from './live-socket-server.js';
import { pruneMessages } from './message-store.js';
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions } from './realtime-options.js';
import { pruneWsTokens } from './ws-tokens.js';

export interface InstalledRealtime {
  hub: RealtimeHub;
  sockets: LiveSocketServer;
  options: RealtimeOptions;
  /** Null on PGlite (one process: no listener can lag behind another). */
  monitor: ListenerMonitor | null;
}

export function installRealtime(
  app: FastifyInstance,
  database: Database,
  given: Partial<RealtimeOptions> = {},
): InstalledRealtime {
  const options: RealtimeOptions = { ...DEFAULT_REALTIME_OPTIONS, ...given };
  const hub = new RealtimeHub(database, app.log);
  const monitor =
    database.engine === 'postgres' ? new ListenerMonitor(database.db, hub, options.listenerMonitor, app.log) : null;
  const sockets = new LiveSocketServer({ db: database.db, hub, options, log: app.log, trustProxy: options.trustProxy });
  app.decorate('realtime', hub);

  // Fastify creates its server with the instance; listening for upgrades costs nothing when
  // the app is only injected into (tests) and never listens.
  app.server.on('upgrade', sockets.onUpgrade);
  // ready() runs before listen() and before the first inject: LISTEN is in place before any
  // socket can subscribe.
  app.addHook('onReady', async () => {
    await hub.start();
    monitor?.start();
  });

  const prune = async () => {
    try {
      await pruneWsTokens(database.db);
      await pruneMessages(database.db);
    } catch (error) {
      app.log.warn({ err: error }, 'realtime: pruning failed');
    }
  };
  // Every instance prunes; the deletes are keyed and idempotent, so they never conflict.
  const timer = setInterval(() => void prune(), options.pruneEveryMs);
  timer.unref();

  // Before the HTTP server stops: open sockets would keep it from closing.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    app.server.off('upgrade', sockets.onUpgrade);
    await sockets.close();
  });
  app.addHook('onClose', async () => {
    await monitor?.close();
    await hub.close();
  });
  return { hub, sockets, options, monitor };
}
