// Who may use the local import token (X-Lexhub-Import-Token): only a process on the server's own
// machine, told by the TCP peer of the socket. Never request.ip: with TRUST_PROXY it comes from
// X-Forwarded-For, which any caller can write.
import ipaddr from 'ipaddr.js';

/** The socket's peer is this machine: 127.0.0.0/8, ::1, or either written as IPv4-mapped IPv6. */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (!remoteAddress || !ipaddr.isValid(remoteAddress)) return false;
  let address = ipaddr.parse(remoteAddress);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === 'loopback';
}

/**
 * The socket's peer is on this machine: a loopback address, or the very address the server was
 * reached on (a server bound to one interface's address, HOST=192.0.2.10, is reached by the CLI
 * on that address; only this machine can send from it to itself).
 */
export function isLocalPeer(socket: { remoteAddress?: string; localAddress?: string } | undefined): boolean {
  if (!socket) return false;
  if (isLoopbackPeer(socket.remoteAddress)) return true;
  return socket.remoteAddress !== undefined && socket.remoteAddress === socket.localAddress;
}
