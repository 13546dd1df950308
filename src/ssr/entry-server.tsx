// The server-rendering entry (issue 14), built by `vite build --ssr` into dist-server/ and loaded
// by the server (server/http/rendered-pages.ts): the head tags of the home page, the documents
// list and the document page, and the document page's first screen of text, rendered with
// React 19 from the app's own components and catalogues.
import { renderToString } from 'react-dom/server';
import type { CachedText } from '../machines/reader/fragment-texts-cache';
import en from '../i18n/en.json';
import cs from '../i18n/cs.json';
import { isLocale, type Locale } from '../i18n/locale';
import type { Catalogue } from '../i18n/catalogues';
import { documentPath } from '../shared/document-path';
import {
  FIRST_SCREEN_ELEMENT_ID,
  scriptJson,
  type DocumentPageInput,
  type RenderedPage,
} from '../shared/first-screen-data';
import { FirstScreen } from './first-screen';

const CATALOGUES: Record<Locale, Catalogue> = { en, cs };

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The interface language as the app would pick it: the stored choice (a cookie), else the browser's. */
export function pickLocale(cookieLocale: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return tags.map((entry) => entry.tag).find(isLocale) ?? 'en';
}

function headTags(title: string, canonical: string, description: string, noindex = false): string {
  return [
    `<title data-ssr>${escapeHtml(title)}</title>`,
    `<link data-ssr rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta data-ssr name="description" content="${escapeHtml(description)}" />`,
    noindex ? '<meta data-ssr name="robots" content="noindex" />' : '',
  ].join('');
}

const message = (locale: Locale, id: string) => CATALOGUES[locale][id] ?? CATALOGUES.en[id] ?? id;

/** Home and the documents list: their head tags (the screens render on the client). */
export function renderListPage(kind: 'home' | 'documents', origin: string, locale: Locale): RenderedPage {
  const description = message(locale, 'home.subtitle');
  if (kind === 'home') return { lang: locale, head: headTags('Lexhub', `${origin}/`, description), body: '' };
  const title = `${message(locale, 'reader.list.heading')} · Lexhub`;
  return { lang: locale, head: headTags(title, `${origin}/documents`, description), body: '' };
}

/** The document page: head tags, the title and the first screen of text, and the data for the app. */
export function renderDocumentPage(input: DocumentPageInput): RenderedPage {
  const { document, data, locale } = input;
  const path = documentPath(document.id, document.title);
  const description = `${document.external_id}: ${document.title}`.slice(0, 300);
  const head = headTags(`${document.title} · Lexhub`, `${input.origin}${path}`, description);
  if (!data) return { lang: locale, head, body: '' };
  const texts = new Map<string, CachedText>(
    data.texts.items.map((item) => [
      item.id,
      {
        text: item.text,
        hasText: item.has_text,
        etag: null,
        sourceFragmentId: item.source_fragment_id,
        translation: item.translation,
      },
    ]),
  );
  const items = data.page.items;
  const from = input.fromNodeId ? items.findIndex((fragment) => fragment.node_id === input.fromNodeId) : -1;
  const shown = items.slice(Math.max(from, 0), Math.max(from, 0) + input.count);
  const markup = renderToString(
    <FirstScreen
      locale={locale}
      messages={CATALOGUES[locale]}
      document={document}
      fragments={shown}
      texts={texts}
      nodeHref={(nodeId) => `${path}?node=${encodeURIComponent(nodeId)}`}
    />,
  );
  return {
    lang: locale,
    head,
    body:
      `<div id="ssr-first-screen">${markup}</div>` +
      `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptJson(data)}</script>`,
  };
}
