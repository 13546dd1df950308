// TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For), scheme and host.
// The forms Fastify's trustProxy takes: true (every hop: the proxy must replace the header), a
// number of proxies in front (the client is that many hops back), or the proxies' addresses and
// CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal). From any other peer the
// headers are ignored, so a client reaching the server directly cannot pick its own address.
import net from 'node:net';
import { compile } from '@fastify/proxy-addr';

export type TrustProxy = boolean | number | string[];

/**
 * The addresses, CIDRs and range names (loopback, linklocal, uniquelocal) as proxy-addr's check of
 * a peer: the very parser Fastify gives the list to, so what starts is what was validated.
 * Throws a TypeError on an item it does not take.
 */
const compileProxies = (items: readonly string[]) => compile([...items]);

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8` or a range's name: the list proxy-addr compiles, else undefined. */
function proxyList(items: string[]): string[] | undefined {
  if (items.length === 0) return undefined;
  try {
    compileProxies(items);
    return items;
  } catch {
    return undefined;
  }
}

/** The variable's text as Fastify's option; undefined when it is none of the forms. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const lower = text.trim().toLowerCase();
  if (lower === 'true' || lower === 'yes') return true;
  if (lower === 'false' || lower === 'no' || lower === '0') return false;
  if (/^[1-9]\d{0,2}$/.test(lower)) return Number(lower);
  const items = lower
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return proxyList(items);
}

export const TRUST_PROXY_EXPECTED =
  'true, false, a number of proxies in front (1, 2, ...) or the addresses and CIDRs of the proxies ' +
  'separated by commas, such as 10.0.0.5,192.168.0.0/16 or loopback';

/**
 * Whether a socket's peer is a trusted proxy, for code that reads forwarded headers from a raw
 * request (the /ws handshake) rather than through Fastify's request.ip and request.host.
 */
export function peerIsTrusted(trustProxy: TrustProxy, remoteAddress: string | undefined): boolean {
  if (typeof trustProxy === 'boolean') return trustProxy;
  if (typeof trustProxy === 'number') return trustProxy > 0;
  if (!remoteAddress || net.isIP(remoteAddress) === 0) return false;
  // IPv4-mapped peers (::ffff:10.1.2.3) are checked as IPv4, as Fastify does.
  return compileProxies(trustProxy)(remoteAddress, 0);
}

/**
 * The setting as Fastify's option. Fastify 5 ignores a bare number (it cannot check the peer), so
 * a number of proxies becomes proxy-addr's hop rule: the peer and the hops before it up to that
 * many are proxies. Like `true` it believes whoever connects: only for a server that the proxies
 * alone can reach.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
