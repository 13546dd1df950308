// A live-channel client for server tests (the `ws` package): get a ws-token over HTTP, connect
// to /ws with the subprotocol, collect every message, wait for one that matches, see the close.
import WebSocket from 'ws';
import { SUBPROTOCOL, WsTokenResponse } from '../../src/realtime/protocol.js';
import type { HttpSession } from './http-session.js';

export interface CloseInfo {
  code: number;
  reason: string;
}

export interface ConnectOptions {
  /** Subprotocols to offer; default [SUBPROTOCOL]; [] offers none. */
  protocols?: string[];
  /** An Origin header (a browser always sends one). */
  origin?: string;
  /** false: do not answer pings (a dead client, for heartbeat tests). */
  autoPong?: boolean;
}

/** POST /v1/auth/ws-token with the session (CSRF included); throws unless 200. */
export async function issueToken(session: HttpSession): Promise<string> {
  const response = await session.post('/v1/auth/ws-token');
  if (response.status !== 200) throw new Error(`ws-token: ${response.status} ${await response.text()}`);
  return WsTokenResponse.parse(await response.json()).token;
}

/** ws://host:port/ws?token=… for an http:// server address. */
export function wsUrl(serverUrl: string, token?: string): string {
  const url = new URL('/ws', serverUrl.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

export class RealtimeTestClient {
  /** Every message received, parsed as JSON (raw text when not JSON). */
  readonly messages: unknown[] = [];
  /** Resolves when the socket closes, with the code and reason it saw. */
  readonly closed: Promise<CloseInfo>;
  private waiters: { match: (message: unknown) => boolean; resolve: (message: unknown) => void }[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      let message: unknown = text;
      try {
        message = JSON.parse(text);
      } catch {
        // kept as text
      }
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; resolves once it is open (before `ready`), rejects when the handshake fails. */
  static connect(url: string, options: ConnectOptions = {}): Promise<RealtimeTestClient> {
    const socket = new WebSocket(url, options.protocols ?? [SUBPROTOCOL], {
      ...(options.origin ? { origin: options.origin } : {}),
      autoPong: options.autoPong ?? true,
    });
    const client = new RealtimeTestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`handshake refused: HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  /** A message already received or the next one that matches; rejects after `timeoutMs`. */
  waitFor<T = Record<string, unknown>>(
    match: (message: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<T> {
    const test = (message: unknown) =>
      typeof message === 'object' && message !== null && match(message as Record<string, unknown>);
    const found = this.messages.find(test);
    if (found) return Promise.resolve(found as T);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        match: test,
        resolve: (message: unknown) => {
          clearTimeout(timer);
          resolve(message as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages).slice(0, 500)}`),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The next message of `type` (ready, subscribed, err) received after this call. */
  next<T = Record<string, unknown>>(type: string, timeoutMs = 5000): Promise<T> {
    const seen = this.messages.length;
    return this.waitFor<T>((message) => message.type === type && this.messages.indexOf(message) >= seen, timeoutMs);
  }

  /** Sends an object as JSON, a string as is. */
  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Subscribes (with the last id seen, to replay what was missed) and waits for the acknowledgement (or an err). */
  async subscribe(channels: string[], lastId?: number): Promise<Record<string, unknown>> {
    const seen = this.messages.length;
    this.send({ cmd: 'subscribe', channels, ...(lastId !== undefined ? { last_id: lastId } : {}) });
    return this.waitFor(
      (message) => (message.type === 'subscribed' || message.type === 'err') && this.messages.indexOf(message) >= seen,
    );
  }

  /** The closing code within `timeoutMs`, or a rejection. */
  closeInfo(timeoutMs = 5000): Promise<CloseInfo> {
    return Promise.race([
      this.closed,
      new Promise<CloseInfo>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
  }

  close() {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING)
      this.socket.close();
  }
}

/** A logged-in user's socket: token, connect, `ready` received. */
export async function connectLive(
  serverUrl: string,
  session: HttpSession,
  options: ConnectOptions = {},
): Promise<RealtimeTestClient> {
  const client = await RealtimeTestClient.connect(wsUrl(serverUrl, await issueToken(session)), options);
  await client.waitFor((message) => message.type === 'ready');
  return client;
}
