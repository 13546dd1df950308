// A bounded client cache of fragment texts: at most `limit` entries, the oldest written evicted
// first. Immutable (every write returns a new cache) so machine context changes are visible to React.

export interface CachedText {
  text: string;
  hasText: boolean;
  /** The strong ETag of GET /fragments/{id}/text (the quoted fragment uid), for revalidation. */
  etag: string | null;
}

export interface TextCache {
  readonly limit: number;
  readonly entries: ReadonlyMap<string, CachedText>;
}

export const TEXT_CACHE_LIMIT = 500;

export function createTextCache(limit = TEXT_CACHE_LIMIT): TextCache {
  return { limit, entries: new Map() };
}

/** Writes entries (a rewritten id becomes the newest) and evicts the oldest beyond the limit. */
export function putTexts(cache: TextCache, items: Iterable<[string, CachedText]>): TextCache {
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
