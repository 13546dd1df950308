// Compression of the real build (issue 14): Playwright's web server runs `vite build` before any
// test, so here every built text asset from 1 kB is there to walk. Each is fetched from the running
// server with Accept-Encoding br and gzip, over plain node:http (a browser would decode the body
// and hide what travelled), and must arrive compressed, decode to the file, and carry no cookie.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { compressibleFiles } from '../scripts/precompress';

const dist = path.resolve(process.env.WEB_ROOT ?? 'dist');

function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

test('every built asset from 1 kB arrives Brotli or gzip compressed as asked, and decodes to the file', async ({
  baseURL,
}) => {
  // index.html is not served as a file: `/` is a page the server renders (checked below).
  const files = compressibleFiles(dist).filter((file) => file !== 'index.html');
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(3);
  expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  let raw = 0;
  let br = 0;
  for (const file of files) {
    const url = `${baseURL}/${file}`;
    const original = fs.readFileSync(path.join(dist, file));
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], `${file} ${encoding}`).toBe(encoding);
      expect(response.headers.vary, file).toMatch(/accept-encoding/iu);
      if (file.startsWith('assets/')) expect(response.headers['set-cookie'], file).toBeUndefined();
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body);
      expect(decoded.equals(original), `${file} ${encoding}`).toBe(true);
      if (encoding === 'br') br += response.body.length;
    }
    raw += original.length;
  }
  test.info().annotations.push({ type: 'sizes', description: `${files.length} files: ${raw} B raw, ${br} B br` });
});

test('a server-rendered page arrives compressed as asked', async ({ baseURL }) => {
  for (const url of [`${baseURL}/`, `${baseURL}/documents`]) {
    const plain = await get(url, { accept: 'text/html' });
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': encoding });
      expect(response.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body);
      expect(decoded.toString(), url).toBe(plain.body.toString());
      expect(decoded.toString(), url).toContain('rel="canonical"');
    }
  }
});

test('an API answer over 1 kB arrives compressed when asked, plain when not', async ({ baseURL }) => {
  const plain = await get(`${baseURL}/v1/openapi.json`, {});
  expect(plain.headers['content-encoding']).toBeUndefined();
  const compressed = await get(`${baseURL}/v1/openapi.json`, { 'accept-encoding': 'br, gzip' });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(compressed.body).toString()).toBe(plain.body.toString());
});
