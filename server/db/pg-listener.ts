// LISTEN/NOTIFY on PostgreSQL: one dedicated connection (not from the pool, which would hand a
// LISTENing session to other queries) carries every channel, and comes back when it drops.
import pg from 'pg';

/** Called with each NOTIFY payload of a channel. */
export type NotificationHandler = (payload: string) => void;

/**
 * What a listener learns about its session: notifications sent while no session listens are
 * lost, so a caller that must not miss any (the live channel) replays from its own table between
 * `lost` and the next `listening`.
 */
export interface ListenEvents {
  /** LISTEN is in place: after the first listen() and after every reconnection. pid: the backend's, null on PGlite. */
  listening?(pid: number | null): void;
  /** The session dropped (the server ended it, the network failed); a reconnection follows. */
  lost?(): void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export interface PgListenerOptions {
  /**
   * A LISTENing session sends nothing of its own, so a network that drops it without a reset (a
   * NAT forgetting it, a failover) would leave it waiting forever and the live channel deaf. Every
   * this many ms it asks the session a no-op; no answer within `heartbeatTimeoutMs` ends the session, which
   * is then replaced as after any drop (and the caller replays what it missed).
   */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

export interface PgListener {
  listen(channel: string, onPayload: NotificationHandler, events?: ListenEvents): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `channel` must already be a safe identifier (client.ts checks it). */
export function createPgListener(url: string, options: PgListenerOptions = {}): PgListener {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 10_000;
  const handlers = new Map<string, Set<NotificationHandler>>();
  const watchers = new Set<ListenEvents>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;
  let everConnected = false;

  const tell = (event: 'listening' | 'lost', pid: number | null = null) => {
    for (const watcher of watchers) {
      try {
        if (event === 'listening') watcher.listening?.(pid);
        else watcher.lost?.();
      } catch {
        // A watcher's failure must not stop the others.
      }
    }
  };

  const deliver = (message: pg.Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) {
      try {
        handler(message.payload ?? '');
      } catch {
        // One handler's failure must not stop the others (or the connection).
      }
    }
  };

  const connect = async (): Promise<pg.Client> => {
    // TCP keepalive as well: the kernel notices a dead peer even between heartbeats.
    const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', deliver);
    // An 'error' is followed by 'end', where the reconnection starts; unhandled it would crash.
    next.on('error', () => {});
    try {
      await next.connect();
      // A new session listens on nothing: repeat every channel (after a drop, too).
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      throw new Error('the database was closed');
    }
    const stopHeartbeat = startHeartbeat(next, heartbeatStatement, heartbeatMs, heartbeatTimeoutMs);
    next.on('end', () => {
      stopHeartbeat();
      if (client !== next) return;
      client = undefined;
      tell('lost');
      scheduleReconnect();
    });
    const reconnected = everConnected;
    client = next;
    everConnected = true;
    retryMs = FIRST_RETRY_MS;
    // The first session is announced by listen() itself, to its own caller.
    if (reconnected) tell('listening', backendPid(next));
    return next;
  };

  // The heartbeat repeats a LISTEN (a no-op on a session that listens) rather than SELECT 1, so the
  // session's last statement in pg_stat_activity stays its LISTEN: the slow-listener monitor
  // (server/realtime/listener-monitor.ts) finds the sessions it may cut by it.
  const heartbeatStatement = () => {
    const channel = handlers.keys().next().value;
    return channel ? `LISTEN ${channel}` : 'SELECT 1';
  };

  const ensureConnected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  function scheduleReconnect() {
    if (closed || retryTimer || handlers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureConnected().catch(() => {
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  return {
    async listen(channel, onPayload, events) {
      if (closed) throw new Error('the database was closed');
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      let connection: pg.Client;
      try {
        connection = await ensureConnected();
        // A connection made just now already listens; LISTEN twice is harmless.
        if (first) await connection.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(onPayload);
        if (set.size === 0) handlers.delete(channel);
        throw error;
      }
      if (events) {
        watchers.add(events);
        events.listening?.(backendPid(connection));
      }
      return async () => {
        if (events) watchers.delete(events);
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const open = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}

/** Asks the session something now and then; a session that does not answer in time is cut. */
function startHeartbeat(client: pg.Client, statement: () => string, everyMs: number, timeoutMs: number): () => void {
  let waiting = false;
  const timer = setInterval(() => {
    if (waiting) return;
    waiting = true;
    const deadline = setTimeout(() => cut(client), timeoutMs);
    client
      .query(statement())
      .catch(() => cut(client))
      .finally(() => {
        clearTimeout(deadline);
        waiting = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Ends a session whose peer went silent. `end()` would wait for the server's goodbye, which never
 * comes; destroying the socket makes pg emit 'end' at once, where the reconnection starts.
 */
function cut(client: pg.Client) {
  const stream = (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream;
  if (typeof stream?.destroy === 'function') stream.destroy();
  else void client.end().catch(() => {});
}

/** The backend's pid, which pg reads from the server's BackendKeyData at connect (not in its types). */
function backendPid(client: pg.Client): number | null {
  const pid = (client as unknown as { processID?: unknown }).processID;
  return typeof pid === 'number' ? pid : null;
}
