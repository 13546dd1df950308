// The local import token counts only from a peer on this machine: which addresses are loopback, and which sockets are local.
import { describe, expect, it } from 'vitest';
import { isLocalPeer, isLoopbackPeer } from '../../server/policies/local-import.js';

describe('isLoopbackPeer', () => {
  it.each(['127.0.0.1', '127.10.20.30', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'takes %s as this machine',
    (address) => expect(isLoopbackPeer(address)).toBe(true),
  );

  it.each([
    ['an IPv4-mapped private address', '::ffff:10.0.0.1'],
    ['an IPv4-mapped public address', '::ffff:203.0.113.7'],
    ['a public IPv4 address', '203.0.113.7'],
    ['a private IPv4 address', '192.168.1.5'],
    ['an IPv6 address', '2001:db8::1'],
    ['the unspecified address', '::'],
    ['0.0.0.0', '0.0.0.0'],
    ['a host name', 'localhost'],
    ['an empty address', ''],
    ['no address (a closed socket)', undefined],
  ])('refuses %s', (_name, address) => expect(isLoopbackPeer(address)).toBe(false));
});

describe('isLocalPeer', () => {
  it('takes a loopback peer, or a peer sending from the address it reached (a server bound to one interface)', () => {
    expect(isLocalPeer({ remoteAddress: '::ffff:127.0.0.1', localAddress: '::ffff:127.0.0.1' })).toBe(true);
    expect(isLocalPeer({ remoteAddress: '192.0.2.10', localAddress: '192.0.2.10' })).toBe(true);
  });

  it('refuses another machine, and a socket without addresses', () => {
    expect(isLocalPeer({ remoteAddress: '192.0.2.11', localAddress: '192.0.2.10' })).toBe(false);
    expect(isLocalPeer({ remoteAddress: undefined, localAddress: undefined })).toBe(false);
    expect(isLocalPeer(undefined)).toBe(false);
  });
});
