// The document page's query (branch, node); its path comes from src/lib/slug.ts.

export type DetailQuery = Record<string, string | undefined>;

/** The current query with some keys set or removed (undefined), as `?a=b` or ''. */
export function withQuery(search: string, changes: DetailQuery): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
