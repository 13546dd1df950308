// TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For), scheme and host.
// The forms Fastify's trustProxy takes: true (every hop: the proxy must replace the header), a
// number of proxies in front (the client is that many hops back), or the proxies' addresses and
// CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal). From any other peer the
// headers are ignored, so a client reaching the server directly cannot pick its own address.
import net from 'node:net';

export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges, as CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8` or a range's name; anything else is no proxy address. */
function isProxyAddress(item: string): boolean {
  if (item in NAMED_RANGES) return true;
  const [address = '', prefix, extra] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
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
  return items.length > 0 && items.every(isProxyAddress) ? items : undefined;
}

export const TRUST_PROXY_EXPECTED =
  'true, false, a number of proxies in front (1, 2, ...) or the addresses and CIDRs of the proxies ' +
  'separated by commas, such as 10.0.0.5,192.168.0.0/16 or loopback';

const unmapped = (address: string) =>
  address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;

/**
 * Whether a socket's peer is a trusted proxy, for code that reads forwarded headers from a raw
 * request (the /ws handshake) rather than through Fastify's request.ip and request.host.
 */
export function peerIsTrusted(trustProxy: TrustProxy, remoteAddress: string | undefined): boolean {
  if (typeof trustProxy === 'boolean') return trustProxy;
  if (typeof trustProxy === 'number') return trustProxy > 0;
  if (!remoteAddress) return false;
  const address = unmapped(remoteAddress);
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  const list = new net.BlockList();
  for (const item of trustProxy.flatMap((entry) => NAMED_RANGES[entry] ?? [entry])) {
    const [base = '', prefix] = item.split('/');
    const itemFamily = net.isIPv4(base) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(unmapped(base), net.isIPv4(unmapped(base)) ? 'ipv4' : itemFamily);
    else list.addSubnet(base, Number(prefix), itemFamily);
  }
  return list.check(address, family);
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
