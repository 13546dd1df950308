// Cross-site WebSocket hijacking guard: browsers send Origin on every WebSocket handshake and
// let any site open one, so /ws accepts a browser only from its own origin (or a listed one).
import type { IncomingMessage } from 'node:http';
import { peerIsTrusted, type TrustProxy } from '../http/trust-proxy.js';

/**
 * True when the handshake may proceed: no Origin (not a browser: tools, other servers), an
 * Origin whose host is the request's Host (or X-Forwarded-Host from a trusted proxy), or an
 * Origin in `allowed`.
 */
export function originAllowed(request: IncomingMessage, allowed: readonly string[], trustProxy: TrustProxy): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null" of sandboxed frames and files
  }
  const forwarded = peerIsTrusted(trustProxy, request.socket.remoteAddress)
    ? firstValue(request.headers['x-forwarded-host'])
    : undefined;
  return [request.headers.host, forwarded].some((host) => host !== undefined && sameHost(url, host));
}

/** Compares as URLs do, so `example.org:80` equals `example.org` for http. */
function sameHost(origin: URL, host: string): boolean {
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
