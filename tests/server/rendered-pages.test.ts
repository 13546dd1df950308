// @vitest-environment jsdom
// Server rendering (issue 14): the real app over PGlite and (with DATABASE_URL) PostgreSQL, the
// Constitution (1/1993 Sb.) imported from the shared corpus, the rendering entry from source
// (src/ssr/entry-server.tsx, which `npm run build` bundles into dist-server/). The pages are
// fetched over HTTP and parsed without running any script: head tags, the document's title and
// first passages, the data for the app (exactly the public API's answers), the language. (jsdom's
// DOMParser, which runs no script.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FragmentPage } from '../../src/api/contract/documents.js';
import * as entryServer from '../../src/ssr/entry-server.js';
import { FirstScreenData, readFirstScreenData, scriptJson } from '../../src/shared/first-screen-data.js';
import { documentPath } from '../../src/shared/document-path.js';
import { FIRST_SCREEN_PASSAGES } from '../../server/http/rendered-pages.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`rendered-pages tests skipped: ${CORPUS_SKIP_REASON}`);
const CONSTITUTION = documentIdFor('1/1993 Sb.');
const TITLE = 'Ústava České republiky';
const ORIGIN = 'http://localhost:8080';
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The page as a browser without JavaScript has it: parsed, no script run. */
async function page(server: TestServer, address: string, headers: Record<string, string> = {}) {
  const response = await server.get(address, { accept: 'text/html', ...headers });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { response, html, doc: new DOMParser().parseFromString(html, 'text/html') };
}

describe('scriptJson', () => {
  it('leaves no way out of the script element', () => {
    const text = scriptJson({ a: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/u);
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script><!-- & \u2028' });
  });
});

describe.skipIf(!hasCorpus).each(ENGINES)('server-rendered pages (%s)', (engine) => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-ssr-web-'));
  let server: TestServer;
  let path416: string;

  beforeAll(async () => {
    // The app's own index.html (the source one: the built one differs only in its asset tags).
    fs.copyFileSync(path.join(repoRoot, 'index.html'), path.join(webRoot, 'index.html'));
    server = await startTestServer(engine, { webRoot, pageRenderer: entryServer });
    const report = await importPaths(server.database.db, [corpusPath('cz-consolidated-md', '1-1993.md')]);
    expect(report.errors).toEqual([]);
    path416 = documentPath(CONSTITUTION, TITLE);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('the document page holds its title, canonical link, description and first passages before any script', async () => {
    const { response, html, doc } = await page(server, path416);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    expect(doc.title).toBe(`${TITLE} · Lexhub`);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}${path416}`);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(`1/1993 Sb.: ${TITLE}`);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.querySelector('#ssr-first-screen h1')?.textContent).toBe(TITLE);
    // The reader's own rows and headings: the preamble and its first words.
    const rows = [...doc.querySelectorAll('#ssr-first-screen .reader-row[data-fragment-id]')];
    expect(rows).toHaveLength(FIRST_SCREEN_PASSAGES);
    const text = doc.querySelector('#ssr-first-screen')!.textContent!;
    expect(text).toContain('My, občané České republiky v Čechách, na Moravě a ve Slezsku');
    const headings = [...doc.querySelectorAll('#ssr-first-screen .reader-heading')].map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['Úvod', 'Preambule']);
    expect(doc.querySelectorAll('#ssr-first-screen p.reader-text').length).toBeGreaterThan(3);
    // In the markup itself, before the app's script and outside any script element.
    const firstText = html.indexOf('My, občané České republiky');
    expect(firstText).toBeGreaterThan(0);
    expect(firstText).toBeLessThan(html.indexOf('<script type="module"'));
    expect(doc.querySelector('#ssr-first-screen script')).toBeNull();
    expect(doc.documentElement.lang).toBe('en');
  });

  it('carries the first page and texts exactly as the public API answers them', async () => {
    const { doc } = await page(server, path416);
    const carried = readFirstScreenData(doc);
    expect(carried).toBeDefined();
    expect(FirstScreenData.parse(carried)).toEqual(carried);
    expect(carried!.documentId).toBe(CONSTITUTION);
    const api = FragmentPage.parse(
      await (await server.get(`/v1/legal/documents/${CONSTITUTION}/fragments?limit=100`)).json(),
    );
    expect(carried!.page).toEqual(api);
    const ids = api.items
      .slice(0, 30)
      .filter((fragment) => fragment.has_text)
      .map((fragment) => fragment.id);
    const texts = await server.post('/v1/legal/fragments/texts', {
      fragment_ids: ids,
      lang: api.items[0]!.language_code,
    });
    expect(carried!.texts).toEqual(await texts.json());
  });

  it('starts the first screen at the provision asked for', async () => {
    const carried = readFirstScreenData((await page(server, path416)).doc)!;
    const node = carried.page.items[40]!.node_id;
    const { doc } = await page(server, `${path416}?node=${node}`);
    const first = doc.querySelector('#ssr-first-screen .reader-row[data-fragment-id]');
    expect(first?.getAttribute('data-node-id')).toBe(node);
  });

  it('renders in the language the app would pick: the stored choice, else Accept-Language', async () => {
    const czech = await page(server, path416, { 'accept-language': 'de-AT, cs;q=0.8, en;q=0.5' });
    expect(czech.doc.documentElement.lang).toBe('cs');
    const stored = await page(server, path416, { 'accept-language': 'cs', cookie: 'lexhub_locale=en' });
    expect(stored.doc.documentElement.lang).toBe('en');
    const list = await page(server, '/documents', { 'accept-language': 'cs' });
    expect(list.doc.title).toBe('Dokumenty · Lexhub');
  });

  it('home and the documents list answer their head tags', async () => {
    const home = await page(server, '/');
    expect(home.doc.title).toBe('Lexhub');
    expect(home.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/`);
    expect(home.doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    const list = await page(server, '/documents');
    expect(list.doc.title).toBe('Documents · Lexhub');
    expect(list.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/documents`);
    expect(list.doc.querySelector('#ssr-first-screen')).toBeNull();
  });

  it('a version by date or another tab gets the head tags only; an unknown document the plain page', async () => {
    const dated = await page(server, `${path416}?at=2026-01-01`);
    expect(dated.doc.title).toBe(`${TITLE} · Lexhub`);
    expect(dated.doc.querySelector('#ssr-first-screen')).toBeNull();
    expect(readFirstScreenData(dated.doc)).toBeUndefined();
    const unknown = await page(server, '/documents/00000000-0000-4000-8000-000000000000-nic');
    expect(unknown.doc.title).toBe('Lexhub');
    expect(unknown.doc.querySelector('#ssr-first-screen')).toBeNull();
  });
});
