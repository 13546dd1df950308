// The /ws endpoint: takes the HTTP upgrade, checks subprotocol, origin and ws-token, and turns
// the socket into a LiveConnection; runs the heartbeat, closes the sockets whose login session
// ended, and closes every socket on shutdown.
// A refused socket is still upgraded, told why in an `err` message and closed with an
// application code: a browser cannot read the status of a refused handshake (it sees 1006).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES, SUBPROTOCOL, type LiveErrorCode, type ServerEvent } from '../../src/realtime/protocol.js';
import type { Db } from '../db/client.js';
import type { RealtimeHub } from './hub.js';
import { LiveConnection } from './live-connection.js';
import type { RealtimeOptions } from './realtime-options.js';
import { originAllowed } from './same-origin.js';
import { consumeWsToken, liveLoginSessions, type WsTokenOwner } from './ws-tokens.js';
import type { TrustProxy } from '../http/trust-proxy.js';

export const WS_PATH = '/ws';
/** A refused socket that does not answer our close frame is cut after this long. */
const REFUSED_GRACE_MS = 5000;
/** At shutdown, sockets get this long to answer the 1001 close before they are cut. */
const SHUTDOWN_GRACE_MS = 1000;
const HEARTBEAT_BUCKETS = 10;

interface Refusal {
  code: number;
  /** `err` code for the client. */
  error: LiveErrorCode;
  message: string;
}

export interface LiveSocketServerInput {
  db: Db;
  hub: RealtimeHub;
  options: RealtimeOptions;
  log: FastifyBaseLogger;
  trustProxy: TrustProxy;
}

export class LiveSocketServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<LiveConnection>();
  /**
   * The heartbeat visits one bucket per tick, so each socket is pinged once per heartbeatMs
   * but the pings are spread over the period: pinging 10,000 sockets at once would stall the
   * event loop (and every delivery) for tens of milliseconds.
   */
  private readonly buckets: Set<LiveConnection>[] = Array.from({ length: HEARTBEAT_BUCKETS }, () => new Set());
  private nextBucket = 0;
  private tick = 0;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private closing = false;
  /** A login-session check is under way (a slow database must not pile them up). */
  private checkingSessions = false;

  constructor(private readonly input: LiveSocketServerInput) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: input.options.maxMessageBytes,
      // Only our subprotocol is ever chosen; a handshake without it is refused after the upgrade.
      handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
    });
    this.heartbeatTimer = setInterval(() => {
      const bucket = this.buckets[this.tick++ % HEARTBEAT_BUCKETS]!;
      for (const connection of bucket) connection.heartbeat();
      void this.checkSessions(bucket);
    }, input.options.heartbeatMs / HEARTBEAT_BUCKETS);
    this.heartbeatTimer.unref();
  }

  /** Authenticated sockets open on this instance. */
  get size() {
    return this.connections.size;
  }

  /** The HTTP server's 'upgrade' listener. */
  readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void this.upgrade(request, socket, head).catch((error: unknown) => {
      this.input.log.error({ err: error }, 'realtime: upgrade failed');
      socket.destroy();
    });
  };

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // While the token is checked the socket may fail; ws adds its own handlers once it upgrades.
    const ignore = () => {};
    socket.on('error', ignore);
    let owner: WsTokenOwner | null = null;
    let refusal = this.check(request);
    if (!refusal) {
      try {
        owner = await consumeWsToken(this.input.db, url.searchParams.get('token'));
        if (!owner)
          refusal = {
            code: CLOSE_CODES.unauthorized,
            error: 'unauthorized',
            message: 'ws-token missing, invalid, expired or already used: get a new one from POST /v1/auth/ws-token',
          };
      } catch (error) {
        this.input.log.error({ err: error }, 'realtime: checking a ws-token failed');
        refusal = { code: 1011, error: 'unavailable', message: 'the server could not check the token; try again' };
      }
    }
    if (socket.destroyed) return;
    if (this.closing)
      refusal = { code: CLOSE_CODES.goingAway, error: 'going_away', message: 'the server is shutting down' };
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      socket.off('error', ignore);
      if (refusal || !owner) return this.refuse(ws, refusal!);
      this.accept(ws, owner);
    });
  }

  /** The checks that need no database: subprotocol, then origin. */
  private check(request: IncomingMessage): Refusal | undefined {
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((name) => name.trim());
    if (!offered.includes(SUBPROTOCOL)) {
      return {
        code: CLOSE_CODES.protocolError,
        error: 'protocol_error',
        message: `the subprotocol must be ${SUBPROTOCOL}`,
      };
    }
    if (!originAllowed(request, this.input.options.allowedOrigins, this.input.trustProxy)) {
      return { code: CLOSE_CODES.forbidden, error: 'forbidden', message: 'cross-origin WebSocket refused' };
    }
    return undefined;
  }

  private refuse(ws: WebSocket, refusal: Refusal) {
    ws.on('error', () => {});
    const event: ServerEvent = { type: 'err', code: refusal.error, message: refusal.message };
    ws.send(JSON.stringify(event));
    // The close reason is limited to 123 bytes: the err message above says it in full.
    ws.close(refusal.code, refusal.error);
    setTimeout(() => ws.terminate(), REFUSED_GRACE_MS).unref();
  }

  private accept(ws: WebSocket, { userId, sessionIdHash }: WsTokenOwner) {
    const { options, hub } = this.input;
    const connection = new LiveConnection(ws, userId, sessionIdHash, hub, {
      maxBufferedBytes: options.maxBufferedBytes,
      terminateAfterMs: Math.min(options.heartbeatMs, 5000),
      subscribeLimit: options.subscribeLimit,
    });
    const bucket = this.buckets[this.nextBucket++ % HEARTBEAT_BUCKETS]!;
    this.connections.add(connection);
    bucket.add(connection);
    ws.on('close', () => {
      this.connections.delete(connection);
      bucket.delete(connection);
    });
    connection.sendEvent({ type: 'ready', user_id: userId });
  }

  /**
   * Logout and password reset delete login sessions; a socket must not outlive its own. Each
   * tick checks the bucket it pings with one query, so every socket is checked once per
   * heartbeatMs. Sockets from tokens without a session hash (older rows) are left alone.
   */
  private async checkSessions(bucket: Set<LiveConnection>) {
    if (this.checkingSessions || this.closing) return;
    const hashes = new Set<string>();
    for (const connection of bucket) if (connection.sessionIdHash) hashes.add(connection.sessionIdHash);
    if (hashes.size === 0) return;
    this.checkingSessions = true;
    try {
      const live = await liveLoginSessions(this.input.db, [...hashes]);
      for (const connection of bucket) {
        // Only hashes that were asked about: a socket accepted meanwhile waits for its next turn.
        const hash = connection.sessionIdHash;
        if (hash && hashes.has(hash) && !live.has(hash)) connection.endSession();
      }
    } catch (error) {
      // Keep the sockets: the next tick asks again.
      this.input.log.error({ err: error }, 'realtime: checking login sessions failed');
    } finally {
      this.checkingSessions = false;
    }
  }

  /** Closes every socket with 1001 (clients reconnect elsewhere), waits briefly, cuts the rest. */
  async close() {
    this.closing = true;
    clearInterval(this.heartbeatTimer);
    const sockets = [...this.wss.clients];
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, SHUTDOWN_GRACE_MS);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            if (ws.readyState === ws.OPEN) ws.close(CLOSE_CODES.goingAway, 'server shutting down');
          }),
      ),
    );
    this.wss.close();
  }
}
