// A bounded client cache of fragment texts: at most `limit` entries, the oldest written evicted
// first. Immutable (every write returns a new cache) so machine context changes are visible to React.
// Also the first screen's prefetch: the first page and its first texts, asked for while the app
// starts on a document address, before the reader's own code has even loaded.
import { getFragmentTexts, listFragments } from '../../api/library';
import type { FragmentTranslation } from '../../api/contract/translation';

/** Fragments per page (keyset cursor) and texts loaded at once with the first page. */
export const PAGE_SIZE = 100;
export const FIRST_TEXTS = 30;

export interface CachedText {
  text: string;
  hasText: boolean;
  /** The strong ETag of GET /fragments/{id}/text (the quoted fragment uid), for revalidation. */
  etag: string | null;
  /** The fragment whose text this is (an aligned one when another language was asked for). */
  sourceFragmentId?: string;
  /** Imported or a saved translation, and whether its source changed since (the reader marks it). */
  translation?: FragmentTranslation | null;
}

/** A bounded map by fragment id (the reader's texts; the second language's too). */
export interface BoundedCache<T> {
  readonly limit: number;
  readonly entries: ReadonlyMap<string, T>;
}
export type TextCache = BoundedCache<CachedText>;

export const TEXT_CACHE_LIMIT = 500;

export function createTextCache(limit = TEXT_CACHE_LIMIT): TextCache {
  return { limit, entries: new Map() };
}

/** Writes entries (a rewritten id becomes the newest) and evicts the oldest beyond the limit. */
export function putTexts<T>(cache: BoundedCache<T>, items: Iterable<[string, T]>): BoundedCache<T> {
  const entries = new Map(cache.entries);
  for (const [id, value] of items) {
    entries.delete(id);
    entries.set(id, value);
  }
  for (const id of entries.keys()) {
    if (entries.size <= cache.limit) break;
    entries.delete(id);
  }
  return { limit: cache.limit, entries };
}

export const getText = (cache: TextCache, id: string) => cache.entries.get(id);
export const hasText = (cache: TextCache, id: string) => cache.entries.has(id);

/** The ETag the server sends for a fragment: its uid, quoted. */
export const etagOf = (fragmentUid: string) => `"${fragmentUid}"`;

type Page = Awaited<ReturnType<typeof listFragments>>;
type Texts = Awaited<ReturnType<typeof getFragmentTexts>>;

interface FirstScreen {
  documentId: string;
  branch?: string;
  page?: Promise<Page>;
  texts?: Promise<Texts>;
  /** Which texts `texts` holds (language and ids), known once the page is in. */
  textsKey?: string;
}

let firstScreen: FirstScreen | undefined;
const textsKey = (ids: readonly string[], lang?: string) => `${lang ?? ''}|${ids.join(',')}`;

/** Asks for the first page (default language) and then at once for its first texts, exactly as
 * the text machine would; the machine takes them with the `takePrefetched*` calls below. */
export function prefetchFirstScreen(documentId: string, branch?: string): void {
  const entry: FirstScreen = { documentId, branch };
  const page = listFragments(documentId, { branch, limit: PAGE_SIZE });
  const texts = page.then((result) => {
    const lang = result.items[0]?.language_code || undefined;
    const ids = result.items
      .slice(0, FIRST_TEXTS)
      .filter((fragment) => fragment.has_text)
      .map((fragment) => fragment.id);
    entry.textsKey = textsKey(ids, lang);
    return ids.length > 0 ? getFragmentTexts(ids, lang) : { items: [] };
  });
  // Whoever takes them handles failures; untaken ones must not be reported as unhandled.
  page.catch(() => undefined);
  texts.catch(() => undefined);
  firstScreen = Object.assign(entry, { page, texts });
}

/** The first page and texts a server-rendered page carried (src/ssr), taken like a prefetch. */
export function seedFirstScreen(carried: { documentId: string; branch?: string; page: Page; texts: Texts }): void {
  // The key the text machine will ask with: the first page's first passages with text.
  const lang = carried.page.items[0]?.language_code || undefined;
  const ids = carried.page.items
    .slice(0, FIRST_TEXTS)
    .filter((fragment) => fragment.has_text)
    .map((fragment) => fragment.id);
  firstScreen = {
    documentId: carried.documentId,
    branch: carried.branch,
    page: Promise.resolve(carried.page),
    texts: Promise.resolve(carried.texts),
    textsKey: textsKey(ids, lang),
  };
}

/** The prefetched first page, once, if it is the one asked for (default language, no cursor). */
export function takePrefetchedPage(
  documentId: string,
  branch: string | undefined,
  lang: string | undefined,
  cursor: string | null,
): Promise<Page> | undefined {
  const entry = firstScreen;
  if (
    !entry?.page ||
    entry.documentId !== documentId ||
    entry.branch !== branch ||
    lang !== undefined ||
    cursor !== null
  )
    return undefined;
  const { page } = entry;
  entry.page = undefined;
  return page;
}

/** The prefetched first texts, once, if they are the ones asked for. */
export function takePrefetchedTexts(
  documentId: string,
  ids: readonly string[],
  lang: string | undefined,
): Promise<Texts> | undefined {
  const entry = firstScreen;
  if (!entry?.texts || entry.documentId !== documentId || entry.textsKey !== textsKey(ids, lang)) return undefined;
  firstScreen = undefined;
  return entry.texts;
}
