// Which addresses a live command may move the page to: only this app's own paths. A command
// naming another origin (`//evil.example`, `/\evil.example`, a scheme) is refused, never followed.

/** Backslashes and control characters: browsers fold `\` into `/` and drop tabs and newlines. */
const hasUnsafeCharacter = (path: string) =>
  [...path].some((character) => {
    const code = character.charCodeAt(0);
    return character === '\\' || code < 0x20 || code === 0x7f;
  });

/** The path as the app navigates to it (path, query, hash), or null when it leaves the origin. */
export function sameOriginAppPath(path: string, origin: string = pageOrigin()): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || hasUnsafeCharacter(path)) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** This page's origin; http://localhost where there is none (Node tests, about:blank). */
export function pageOrigin(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null'
    ? location.origin
    : 'http://localhost';
}
