// TRUST_PROXY beyond true/false (issue 15): a number of proxies in front, or the proxies'
// addresses and CIDRs. X-Forwarded-For counts for per-IP rate limits only when the peer is a
// trusted proxy: a client reaching the server directly (here from 127.0.0.1, not in the list)
// cannot spread its attempts over made-up addresses. The /ws handshake believes X-Forwarded-Host
// by the same rule.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy, peerIsTrusted, type TrustProxy } from '../../server/http/trust-proxy.js';
import { originAllowed } from '../../server/realtime/same-origin.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const LIMIT = 3;

describe.each(ENGINES)('X-Forwarded-For and per-IP rate limits on %s', (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Logins, each claiming another client address; the statuses in order. */
  async function loginsFromClaimedAddresses(trustProxy: TrustProxy): Promise<number[]> {
    server = await startTestServer(engine, {
      accounts: { trustProxy, rateLimits: { loginPerIp: { limit: LIMIT, windowSeconds: 3600 } } },
    });
    const session = new HttpSession(server.url);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) {
      const response = await session.post(
        '/v1/auth/login',
        { identifier: `nobody-${i}@example.com`, password: 'Wrong-Password-1x' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  const limited = [...Array<number>(LIMIT).fill(401), 429, 429];
  const spread = Array<number>(LIMIT + 2).fill(401);

  it('ignores the header from a peer outside the trusted addresses', async () => {
    expect(await loginsFromClaimedAddresses(['10.0.0.0/8', '192.168.1.5'])).toEqual(limited);
  });

  it('ignores it when TRUST_PROXY is false', async () => {
    expect(await loginsFromClaimedAddresses(false)).toEqual(limited);
  });

  it.each<[string, TrustProxy]>([
    ['by address', ['127.0.0.1']],
    ['by range name', ['loopback']],
    ['by hop count', 1],
  ])('counts the forwarded address from a trusted peer (%s)', async (_how, trustProxy) => {
    expect(await loginsFromClaimedAddresses(trustProxy)).toEqual(spread);
  });
});

describe('trusted peers for raw requests (the /ws handshake)', () => {
  it('trusts a peer by address, CIDR, range name or count, IPv4-mapped addresses as IPv4', () => {
    expect(peerIsTrusted(['10.0.0.0/8'], '10.1.2.3')).toBe(true);
    expect(peerIsTrusted(['10.0.0.0/8'], '::ffff:10.1.2.3')).toBe(true);
    expect(peerIsTrusted(['10.0.0.0/8'], '11.1.2.3')).toBe(false);
    expect(peerIsTrusted(['fd00::/8', '192.168.1.5'], 'fd12::1')).toBe(true);
    expect(peerIsTrusted(['192.168.1.5'], '192.168.1.6')).toBe(false);
    expect(peerIsTrusted(['loopback'], '127.0.0.1')).toBe(true);
    expect(peerIsTrusted(['loopback'], '::1')).toBe(true);
    expect(peerIsTrusted(['uniquelocal'], '172.20.0.1')).toBe(true);
    expect(peerIsTrusted(2, '203.0.113.1')).toBe(true);
    expect(peerIsTrusted(false, '127.0.0.1')).toBe(false);
    expect(peerIsTrusted(['10.0.0.0/8'], undefined)).toBe(false);
  });

  it('takes X-Forwarded-Host as the page host only from a trusted peer', () => {
    const handshake = (remoteAddress: string) =>
      ({
        headers: {
          origin: 'https://lexhub.example.org',
          host: '10.0.0.2:8080',
          'x-forwarded-host': 'lexhub.example.org',
        },
        socket: { remoteAddress } as Socket,
      }) as unknown as IncomingMessage;
    expect(originAllowed(handshake('10.0.0.1'), [], ['10.0.0.1'])).toBe(true);
    expect(originAllowed(handshake('10.0.0.9'), [], ['10.0.0.1'])).toBe(false);
    expect(originAllowed(handshake('10.0.0.9'), [], false)).toBe(false);
  });
});

describe('TRUST_PROXY read by the parser Fastify uses (proxy-addr)', () => {
  /** Whether Fastify starts with the list as its trustProxy. */
  const fastifyTakes = (list: string[]) => {
    try {
      void Fastify({ trustProxy: list });
      return true;
    } catch {
      return false;
    }
  };

  it('takes what Fastify takes and refuses what Fastify refuses', () => {
    // A /0 "range" or a bad address made the server fail at start, not at reading the setting.
    for (const text of ['10.0.0.0/0', '::/0', '10.0.0.256', '10.0.0.0/33', 'nginx.local', '10.0.0.1/8/9'])
      expect([text, parseTrustProxy(text), fastifyTakes(text.split(','))]).toEqual([text, undefined, false]);
    // proxy-addr's netmask form and its range names are proxies as well.
    for (const text of ['10.0.0.0/255.0.0.0', 'linklocal,uniquelocal', '10.0.0.5,fd00::/8'])
      expect([text, parseTrustProxy(text), fastifyTakes(text.split(','))]).toEqual([text, text.split(','), true]);
    expect(peerIsTrusted(['10.0.0.0/255.0.0.0'], '10.9.8.7')).toBe(true);
    expect(peerIsTrusted(['10.0.0.0/8'], 'not-an-address')).toBe(false);
  });
});
