// Security headers (issue 15) on every kind of answer: the app's page and its SPA fallback, a
// hashed asset (compressed copy included), /v1 JSON (compressed), errors, /mcp; the export page
// framed by this origin only; HSTS only when PUBLIC_URL is https; a separate chat service allowed.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { PERMISSIONS_POLICY } from '../../server/http/security-headers.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const actId = documentIdFor(actVersion2020.externalId);

/** The policy, directive by directive. */
const directivesOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

function expectSecurityHeaders(response: Response, label: string, host: string) {
  const headers = response.headers;
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy'), label).toBe(PERMISSIONS_POLICY);
  expect(headers.get('strict-transport-security'), label).toBeNull();
  const csp = directivesOf(response);
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['script-src'], label).toEqual(["'self'"]);
  expect(csp['script-src-attr'], label).toEqual(["'none'"]);
  expect(csp['style-src'], label).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp['img-src'], label).toEqual(["'self'", 'data:']);
  expect(csp['connect-src'], label).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(csp['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['upgrade-insecure-requests'], label).toBeUndefined();
}

describe.each(ENGINES)('security headers (%s)', (engine) => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-headers-web-'));
  const script = 'console.log("lexhub");\n'.repeat(200);
  let server: TestServer;
  let host: string;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lexhub</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), script);
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(script));
    server = await startTestServer(engine, { webRoot });
    host = new URL(server.url).host;
    await storeVersion(server.database.db, actVersion2020, 'fixture-2020');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends them on the page, the SPA fallback and a hashed asset (its Brotli copy still served)', async () => {
    for (const route of ['/', '/documents/x']) {
      const page = await server.get(route, { accept: 'text/html' });
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('<title>Lexhub</title>');
      expectSecurityHeaders(page, route, host);
    }
    const asset = await server.get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(script);
    expectSecurityHeaders(asset, 'asset', host);
  });

  it('sends them on /v1 answers (compressed ones too), errors and /mcp', async () => {
    const document = await server.get(`/v1/legal/documents/${actId}`);
    expect(document.status).toBe(200);
    expectSecurityHeaders(document, 'document', host);
    const openApi = await server.get('/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(openApi.headers.get('content-encoding')).toBe('br');
    expect((await openApi.json()) as object).toHaveProperty('openapi');
    expectSecurityHeaders(openApi, 'openapi', host);
    expectSecurityHeaders(await server.get('/v1/no-such-route'), 'api 404', host);
    expectSecurityHeaders(await server.get('/v1/legal/documents/%00'), 'api 400', host);
    // /mcp: the SDK writes the answer itself; the headers are set before it does.
    const mcp = await server.post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(mcp.status).toBe(401);
    expectSecurityHeaders(mcp, 'mcp', host);
  });

  it('lets only this origin frame the export page (the reader prints it in a frame)', async () => {
    const page = await server.get(`/v1/legal/documents/${actId}/export.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = directivesOf(page);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    // The export's own, stricter policy stays: no script at all.
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(page.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });

  it('does not echo a Host header that is not a host name into the policy', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.request(
        `${server.url}/v1/legal/documents`,
        { headers: { host: 'evil.example;script-src *' } },
        (response) => {
          response.resume();
          resolve(response.headers);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(headers['content-security-policy']).toMatch(/connect-src 'self'\s*;/);
    expect(headers['content-security-policy']).not.toContain('evil');
  });
});

describe('security headers behind an https PUBLIC_URL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      accounts: { publicUrl: 'https://lexhub.example.org' },
      copilot: { chatUrl: 'https://copilot.example.org/copilot/chat' },
    });
  });
  afterAll(() => server?.close());

  it('adds HSTS and upgrade-insecure-requests, and allows the separate chat service', async () => {
    const response = await server.get('/v1/legal/documents');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const csp = directivesOf(response);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['connect-src']).toContain('https://copilot.example.org');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});
