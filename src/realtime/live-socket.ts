// The live channel's socket: partysocket's WebSocket with its own reconnection turned off
// (startClosed, maxRetries 0), because the live-connection machine owns retries, tokens and the
// "no retry after login-required or 403" rule. One LiveSocket is one attempt with one token.
import { WebSocket as PartyWebSocket } from 'partysocket';
import { pageOrigin } from './app-path';
import { SUBPROTOCOL } from './protocol';

export interface LiveSocketHandlers {
  open(): void;
  message(text: string): void;
  /** The attempt is over: the server closed it, the network failed, or it timed out. */
  close(code: number, reason: string): void;
}

export interface LiveSocket {
  send(text: string): void;
  close(): void;
}

export interface LiveSocketOptions {
  /** A WebSocket class; in Node (tests) pass `ws`'s, the browser's is used otherwise. */
  WebSocket?: unknown;
  /** How long the handshake may take before the attempt counts as failed. */
  connectionTimeout?: number;
}

export const DEFAULT_CONNECTION_TIMEOUT = 10_000;

/** Opens one attempt; handlers are called until close() is called (and never after). */
export function openLiveSocket(url: string, handlers: LiveSocketHandlers, options: LiveSocketOptions = {}): LiveSocket {
  const socket = new PartyWebSocket(url, SUBPROTOCOL, {
    WebSocket: options.WebSocket,
    startClosed: true,
    maxRetries: 0,
    connectionTimeout: options.connectionTimeout ?? DEFAULT_CONNECTION_TIMEOUT,
    // Messages sent before the open are not replayed on a later attempt.
    maxEnqueuedMessages: 0,
  });
  let active = true;
  let closed = false;
  const finish = (code: number, reason: string) => {
    if (!active || closed) return;
    closed = true;
    handlers.close(code, reason);
  };
  socket.addEventListener('open', () => {
    if (active) handlers.open();
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    if (active && !closed && typeof event.data === 'string') handlers.message(event.data);
  });
  socket.addEventListener('close', (event: CloseEvent) => finish(event.code, event.reason ?? ''));
  // partysocket reports a failed attempt as an error followed by a synthetic close; the close is enough.
  socket.addEventListener('error', () => {});
  socket.reconnect();
  return {
    send(text) {
      if (active && !closed) socket.send(text);
    },
    close() {
      active = false;
      socket.close(1000, 'client closed');
    },
  };
}

/**
 * The /ws address with a token. `base` is VITE_REALTIME_URL (absolute ws(s)/http(s) or a path),
 * else `/ws` on this page's origin; http(s) becomes ws(s).
 */
export function liveSocketUrl(
  token: string,
  base: string = import.meta.env?.VITE_REALTIME_URL || '/ws',
  origin = pageOrigin(),
): string {
  const url = new URL(base, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}
