// The address a per-IP rate limit counts. One IPv6 user typically holds a whole /64 and can
// take a fresh address per request, so IPv6 counts by its /64 prefix; IPv4 (also IPv4-mapped
// IPv6) by the address.
import ipaddr from 'ipaddr.js';

export function rateLimitAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
