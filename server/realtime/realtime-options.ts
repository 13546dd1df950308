// Settings of the live channel (/ws): heartbeat, bounds, allowed origins, rate limits.
// Defaults suit production; tests shorten the heartbeat and shrink the bounds.
import type { Limit } from '../auth/rate-limit.js';
import type { TrustProxy } from '../http/trust-proxy.js';
import { DEFAULT_LISTENER_MONITOR, type ListenerMonitorOptions } from './listener-monitor.js';

export interface RealtimeOptions {
  /** A ping every heartbeatMs; a socket that has not answered the previous one is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent data passes this many bytes is a slow consumer and is closed (4429). */
  maxBufferedBytes: number;
  /** Largest client message; a bigger frame closes the socket with 1009. */
  maxMessageBytes: number;
  /**
   * Origins allowed to open /ws besides the page's own (Origin host = Host header), e.g. a web
   * app served from another address than the API: ['https://app.example.org'].
   */
  allowedOrigins: string[];
  /** Behind a reverse proxy (TRUST_PROXY): from a trusted peer, X-Forwarded-Host counts as the page's host too. */
  trustProxy: TrustProxy;
  /** POST /v1/auth/ws-token per user. */
  wsTokenLimit: Limit;
  /** POST /v1/realtime/publish per user (a test tool; the Copilot publishes in-process). */
  publishLimit: Limit;
  /** Subscribe messages per socket (a token bucket); beyond it the socket is closed with 4429. */
  subscribeLimit: Limit;
  /** The slow-listener monitor (PostgreSQL only); tests lower its threshold and interval. */
  listenerMonitor: ListenerMonitorOptions;
  /** How often the backlog is pruned (and used ws-tokens). */
  pruneEveryMs: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  maxMessageBytes: 64 * 1024,
  allowedOrigins: [],
  trustProxy: false,
  wsTokenLimit: { limit: 120, windowSeconds: 60 },
  publishLimit: { limit: 300, windowSeconds: 60 },
  subscribeLimit: { limit: 20, windowSeconds: 10 },
  listenerMonitor: DEFAULT_LISTENER_MONITOR,
  pruneEveryMs: 60_000,
};
