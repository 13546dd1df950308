// Server-rendered first screens (issue 14): the home page, the documents list and the document
// page answer the app's index.html with their head tags (title, canonical, description, robots)
// and, for a document, its title and first passages rendered by the server-rendering entry
// (src/ssr/entry-server.tsx, built into dist-server/), plus the data the app takes instead of
// asking again. The data comes from the public API itself (app.inject, no cookies), so the page
// holds nothing a signed-out caller could not read.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentIdFromSegment } from '../../src/shared/document-path.js';
import type {
  DocumentPageInput,
  FirstScreenData,
  PageRenderer,
  RenderedPage,
} from '../../src/shared/first-screen-data.js';

export type { PageRenderer };

/** Passages rendered on the server: about a screen of text. */
export const FIRST_SCREEN_PASSAGES = 12;
const PAGE_SIZE = 100;
const FIRST_TEXTS = 30;
/** The query parameters whose page the first screen shows as the app would (others: head tags only). */
const FIRST_SCREEN_PARAMS = new Set(['branch', 'node']);
const LOCALE_COOKIE = 'lexhub_locale';

/** The built server-rendering entry beside the web root (dist-server/ beside dist/), if built. */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const entry = path.join(path.dirname(webRoot), 'dist-server', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/** The stylesheets of the document screen's chunk and the chunks it imports, from vite's manifest. */
function documentStyles(webRoot: string): string[] {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; css?: string[]; imports?: string[] }
  >;
  const start = Object.keys(manifest).find((key) => key.endsWith('document-detail.screen.tsx'));
  const css = new Set<string>();
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
    for (const next of manifest[key].imports ?? []) walk(next, seen);
  };
  if (start) walk(start, new Set());
  return [...css];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function injectJson(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await app.inject({ method, url, payload: body as object | undefined });
  return response.statusCode === 200 ? (JSON.parse(response.body) as unknown) : undefined;
}

/** The index.html for this page address rendered for the request, or undefined (the plain one). */
export async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  webRoot: string,
  origin: string,
  request: FastifyRequest,
): Promise<string | undefined> {
  const url = new URL(request.url, 'http://page');
  const locale = renderer.pickLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
  let rendered: RenderedPage | undefined;
  let styles: string[] = [];
  if (url.pathname === '/') rendered = renderer.renderListPage('home', origin, locale);
  else if (url.pathname === '/documents' || url.pathname === '/documents/')
    rendered = renderer.renderListPage('documents', origin, locale);
  else {
    const match = /^\/documents\/([^/]+)\/?$/u.exec(url.pathname);
    const documentId = match && documentIdFromSegment(decodeURIComponent(match[1]!));
    if (!documentId) return undefined;
    const branch = url.searchParams.get('branch') ?? undefined;
    const branchQuery = branch ? `&branch=${encodeURIComponent(branch)}` : '';
    const base = `/v1/legal/documents/${documentId}`;
    const document = (await injectJson(app, 'GET', `${base}?${branchQuery.slice(1)}`)) as
      DocumentPageInput['document'] | undefined;
    if (!document) return undefined;
    const plain = [...url.searchParams.keys()].every((key) => FIRST_SCREEN_PARAMS.has(key));
    const page = plain
      ? ((await injectJson(app, 'GET', `${base}/fragments?limit=${PAGE_SIZE}${branchQuery}`)) as
          FirstScreenData['page'] | undefined)
      : undefined;
    if (!page) {
      rendered = renderer.renderDocumentPage({ origin, locale, document, count: 0 });
    } else {
      // Exactly the texts the app's first-screen prefetch asks for (fragment-texts-cache.ts).
      const lang = page.items[0]?.language_code || undefined;
      const ids = page.items
        .slice(0, FIRST_TEXTS)
        .filter((fragment) => fragment.has_text)
        .map((fragment) => fragment.id);
      const texts = ids.length
        ? ((await injectJson(app, 'POST', '/v1/legal/fragments/texts', {
            fragment_ids: ids,
            ...(lang ? { lang } : {}),
          })) as FirstScreenData['texts'] | undefined)
        : { items: [] };
      if (!texts) return undefined;
      rendered = renderer.renderDocumentPage({
        origin,
        locale,
        document,
        data: { documentId, branch, page, texts },
        fromNodeId: url.searchParams.get('node') ?? undefined,
        count: FIRST_SCREEN_PASSAGES,
      });
      styles = documentStyles(webRoot);
    }
  }
  if (!rendered) return undefined;
  const index = await fs.promises.readFile(path.join(webRoot, 'index.html'), 'utf8');
  const links = styles.map((href) => `<link rel="stylesheet" href="/${escapeAttribute(href)}" />`).join('');
  return index
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.lang}"`)
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => rendered.head + links)
    .replace('<div id="root"></div>', () => `${rendered.body}<div id="root"></div>`);
}
