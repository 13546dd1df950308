// The polite HTTP client against real local servers: Retry-After, two in flight, timeouts,
// refused connections and the revalidating cache.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PoliteClient } from '../../server/importers/sources/polite-client.js';
import { SourceHttpError, SourceOfflineError } from '../../server/importers/sources/source-errors.js';
import { unzipPackage } from '../../server/importers/sources/zip-package.js';
import { zipSync } from 'fflate';
import { startFakeService, withEtag, type FakeService } from '../support/fake-http-service.js';

describe('polite HTTP client', () => {
  let service: FakeService;
  let dataDir: string;
  let counter = 0;
  // A fresh service name per test: the two-request limit is shared by every client of one service.
  const client = (options: Partial<ConstructorParameters<typeof PoliteClient>[0]> = {}) =>
    new PoliteClient({ service: `test-${++counter}`, dataDir, timeoutMs: 2000, ...options });

  beforeAll(async () => {
    service = await startFakeService((request, url) => {
      if (url.pathname === '/moved') return { status: 303, headers: { location: '/file/moved-here' } };
      if (url.pathname === '/away') return { status: 302, headers: { location: 'http://127.0.0.2:9/file/x' } };
      if (url.pathname === '/big')
        return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(5000) };
      if (url.pathname.startsWith('/file/')) {
        return withEtag(request, `"${url.pathname}"`, {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          body: url.pathname,
        });
      }
      return undefined;
    });
  });
  afterAll(() => service.close());
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-client-'));
    service.requests.length = 0;
    service.queued.length = 0;
    service.maxInFlight = 0;
    service.delayMs = 0;
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('follows a redirect on the service, and refuses one to another host', async () => {
    const answer = await client().get(`${service.url}/moved`, { accept: 'text/plain' });
    expect(new TextDecoder().decode(answer.body)).toBe('/file/moved-here');
    expect(answer.url).toBe(`${service.url}/file/moved-here`);
    await expect(client().get(`${service.url}/away`, { accept: 'text/plain' })).rejects.toThrow(
      /answered 302 for .*\/away: a redirect to another host \(http:\/\/127\.0\.0\.2:9\)/,
    );
  });

  it('refuses an answer longer than its limit, and a package that would unpack past its limits', async () => {
    await expect(client({ maxBodyBytes: 4096 }).get(`${service.url}/big`, { accept: 'text/plain' })).rejects.toThrow(
      /an answer over 4096 bytes/,
    );
    const answer = await client({ maxBodyBytes: 8192 }).get(`${service.url}/big`, { accept: 'text/plain' });
    expect(answer.body.byteLength).toBe(5000);

    // 20 members of 1 MB of zeros pack into a few kB; unpacked they pass a 10 MB limit.
    const bomb = zipSync(
      Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`DOC_${n}.xml`, new Uint8Array(1 << 20)])),
    );
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect(() => unzipPackage(bomb, { files: 500, bytes: 10 << 20 })).toThrow(/more than 10 MB unpacked/);
    expect(() => unzipPackage(bomb, { files: 5, bytes: 1 << 30 })).toThrow(/more than 5 members/);
    expect(unzipPackage(bomb, { files: 500, bytes: 1 << 30 })).toHaveLength(20);
  });

  it('waits as long as Retry-After says after a 429, then gets the answer', async () => {
    service.queued.push({ status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const answer = await client().get(`${service.url}/file/a`, { accept: 'text/plain' });
    expect(new TextDecoder().decode(answer.body)).toBe('/file/a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(service.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('gives up after the allowed attempts of 503 and says so', async () => {
    for (let i = 0; i < 3; i++) service.queued.push({ status: 503, headers: { 'retry-after': '0' } });
    await expect(client({ maxAttempts: 3 }).get(`${service.url}/file/b`, { accept: 'text/plain' })).rejects.toThrow(
      new SourceHttpError('test-' + counter, `${service.url}/file/b`, 503, 'still busy after 3 attempts'),
    );
    expect(service.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond its bound', async () => {
    service.queued.push({ status: 429, headers: { 'retry-after': '3600' } });
    const started = Date.now();
    await expect(client().get(`${service.url}/file/c`, { accept: 'text/plain' })).rejects.toThrow(
      /asks to wait 3600 s/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('never has more than two requests in flight per service', async () => {
    service.delayMs = 100;
    const shared = `shared-${++counter}`;
    const clients = [client({ service: shared }), client({ service: shared })];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => clients[i % 2]!.get(`${service.url}/file/${i}`, { accept: 'text/plain' })),
    );
    expect(service.requests).toHaveLength(8);
    expect(service.maxInFlight).toBe(2);
  });

  it('turns a service that does not answer into the offline error within the timeout', async () => {
    service.delayMs = 5000;
    const started = Date.now();
    const slow = client({ timeoutMs: 300 }).get(`${service.url}/file/slow`, { accept: 'text/plain' });
    await expect(slow).rejects.toBeInstanceOf(SourceOfflineError);
    await expect(slow).rejects.toThrow(/The server has no network access to test-\d+ .*no answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('turns a refused connection into the offline error at once', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const started = Date.now();
    const refused = client().get(`http://127.0.0.1:${closedPort}/x`, { accept: 'text/plain' });
    await expect(refused).rejects.toBeInstanceOf(SourceOfflineError);
    await expect(refused).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('revalidates its cache: the second run downloads nothing', async () => {
    const first = await client({ service: 'cache' }).get(`${service.url}/file/d`, { accept: 'text/plain' });
    const second = await client({ service: 'cache' }).get(`${service.url}/file/d`, { accept: 'text/plain' });
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(second.body).toEqual(first.body);
    expect(service.requests.map((r) => [r.conditional, r.status])).toEqual([
      [false, 200],
      [true, 304],
    ]);
  });
});
