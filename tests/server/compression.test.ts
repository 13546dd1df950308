// Compression (issue 14): the built files' .br/.gz copies served by Accept-Encoding (a web root made
// here by the build's own step, scripts/precompress.ts), JSON answers over 1 kB compressed when asked
// and plain when not, the Copilot's streamed reply left uncompressed so that it flushes, and no
// Set-Cookie on static files. The walk over the real `vite build` output is e2e/compression.spec.ts:
// Playwright builds before its tests, while this suite runs before any build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressibleFiles, precompressDir } from '../../scripts/precompress.js';
import { registerAndLogin } from '../support/accounts.js';
import { chatBody, issueSession, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const decode: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
};

/** Text that compresses like real code: repeated, but not one character. */
const filler = (kB: number, seed: string) =>
  Array.from({ length: kB * 20 }, (_, i) => `${seed}_${i % 97} = "${seed}-${(i * 7919) % 1000}";`).join('\n');

describe.each(ENGINES)('compression (%s)', (engine) => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-compress-web-'));
  let server: TestServer;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>Lexhub</title><script>${filler(3, 'boot')}</script>`,
      'assets/index-a1b2c3.js': filler(40, 'app'),
      'assets/index-d4e5f6.css': filler(12, '.rt').replace(/;/gu, '{}'),
      'assets/icon-0a0b0c.svg': `<svg xmlns="http://www.w3.org/2000/svg">${filler(4, 'p')}</svg>`,
      'assets/small-aa11bb.js': 'console.log(1)',
      'assets/font-cc22dd.woff2': Buffer.alloc(4096, 7),
    };
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(webRoot, name), content);
    await precompressDir(webRoot);
    server = await startTestServer(engine, { webRoot });
    // Brotli's best quality and a fresh database: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('the build step makes .br and .gz copies of text files from 1 kB, not of small files or fonts', () => {
    expect(compressibleFiles(webRoot)).toEqual([
      'assets/icon-0a0b0c.svg',
      'assets/index-a1b2c3.js',
      'assets/index-d4e5f6.css',
      'index.html',
    ]);
    for (const name of compressibleFiles(webRoot)) {
      const original = fs.readFileSync(path.join(webRoot, name));
      expect(decode.br!(fs.readFileSync(path.join(webRoot, `${name}.br`))).equals(original), name).toBe(true);
      expect(decode.gzip!(fs.readFileSync(path.join(webRoot, `${name}.gz`))).equals(original), name).toBe(true);
    }
    expect(fs.existsSync(path.join(webRoot, 'assets/small-aa11bb.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(webRoot, 'assets/font-cc22dd.woff2.br'))).toBe(false);
  });

  it('serves every compressible file as the client asks, varying by Accept-Encoding, assets with no cookie', async () => {
    for (const name of compressibleFiles(webRoot)) {
      const url = name === 'index.html' ? '/' : `/${name}`;
      const original = fs.readFileSync(path.join(webRoot, name));
      for (const encoding of ['br', 'gzip']) {
        const response = await server.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, `${url} ${encoding}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/iu);
        // Built assets carry no cookie (caches may share them); the page hands out the CSRF cookie.
        if (name.startsWith('assets/')) expect(response.headers['set-cookie'], url).toBeUndefined();
        expect(decode[encoding]!(response.rawPayload).equals(original), `${url} ${encoding}`).toBe(true);
        expect(response.headers['cache-control']).toBe(
          name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }
      // Both offered: Brotli, the smaller.
      const both = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(both.headers['content-encoding'], url).toBe('br');
      // Not offered: the file itself.
      const plain = await server.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(original), url).toBe(true);
    }
  });

  it('serves the app shell of a client route (the SPA fallback) compressed, still handing out the CSRF cookie', async () => {
    const response = await server.app.inject({
      url: '/documents/x',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode.br!(response.rawPayload).toString()).toContain('<title>Lexhub</title>');
    expect(String(response.headers['set-cookie'])).toContain('csrf_token=');
  });

  it('leaves small files, fonts and missing files alone', async () => {
    for (const url of ['/assets/small-aa11bb.js', '/assets/font-cc22dd.woff2']) {
      const response = await server.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['set-cookie'], url).toBeUndefined();
      expect(response.rawPayload.equals(fs.readFileSync(path.join(webRoot, url.slice(1)))), url).toBe(true);
    }
    const missing = await server.app.inject({ url: '/assets/missing-000000.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
  });

  it('compresses a JSON answer over 1 kB when asked and sends it plain when not', async () => {
    const plain = await server.app.inject({ url: '/v1/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const document = JSON.parse(plain.body) as unknown;
    for (const encoding of ['br', 'gzip']) {
      const response = await server.app.inject({ url: '/v1/openapi.json', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/iu);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode[encoding]!(response.rawPayload).toString()), encoding).toEqual(document);
    }
  });

  it('sends answers under 1 kB plain even when asked', async () => {
    const response = await server.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("streams the Copilot's reply uncompressed, piece by piece, even when the client accepts br", async () => {
    const { session } = await registerAndLogin(server);
    const { hash } = await templatesOf(server.url);
    const copilot = await issueSession(session, hash);
    const response = await postChat(
      `${server.url}/copilot/chat`,
      { ...copilot.signed_headers, 'accept-encoding': 'br, gzip' },
      chatBody(copilot, hash, 'Co říká čl. 1 Ústavy?'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await readChunks(response)).join('').length).toBeGreaterThan(0);
  });
});
