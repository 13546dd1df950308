// The built web app: files with cache headers, client routes answered with index.html, and the
// API's unknown routes still JSON 404s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { setCookies } from '../support/http-session.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('serving the web app', () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-web-'));
  let app: FastifyInstance;
  let database: TestDatabase;
  let base: string;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lexhub</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    app = await buildApp({ database, webRoot });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${base}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves a file added after start (no restart after a rebuild)', async () => {
    fs.writeFileSync(path.join(webRoot, 'assets', 'later-5678.js'), 'console.log(2)');
    expect((await fetch(`${base}/assets/later-5678.js`)).status).toBe(200);
  });

  it('answers client routes with index.html, revalidated', async () => {
    for (const route of ['/', '/documents/8661f9e7-8cb5-5c16-8ba5-202fe87e8806-ustava', '/tools']) {
      const response = await fetch(base + route, { headers: { accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Lexhub</title>');
    }
  });

  it('keeps API 404s as JSON and missing assets as 404', async () => {
    const api = await fetch(`${base}/v1/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ detail: 'not_found' });
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('looks the session up only where the route says so, not for files, pages, 404s or public documents', async () => {
    // An unknown session id is cleared wherever the session is read, so a cookie left alone was never looked up.
    const stale = { cookie: 'lexhub_session=not-a-live-session-id', accept: 'text/html' };
    const sessionCookieOf = (response: Response) => setCookies(response).find((c) => c.name === 'lexhub_session');
    expect(sessionCookieOf(await fetch(`${base}/v1/auth/me`, { headers: stale }))?.value).toBe('');
    for (const url of [
      '/assets/app-1234.js',
      '/documents/x',
      '/',
      '/v1/nothing',
      '/nothing.js',
      '/v1/openapi.json',
      '/copilot/config',
      '/copilot_templates.json',
    ]) {
      const response = await fetch(base + url, { headers: stale });
      expect(response.status, url).toBeLessThan(500);
      expect(sessionCookieOf(response), url).toBeUndefined();
    }
    const post404 = await fetch(`${base}/v1/nothing`, { method: 'POST', headers: stale });
    expect(post404.status).toBe(404);
    expect(sessionCookieOf(post404)).toBeUndefined();
  });
});
