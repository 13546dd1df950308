// Which addresses a live command may move the page to: only this app's own paths. A command
// naming another origin (`//evil.example`, `/\evil.example`, a scheme) or walking with `.`/`..`
// segments (raw or %2e-encoded) is refused, never followed.

/** Backslashes and control characters: browsers fold `\` into `/` and drop tabs and newlines. */
const hasUnsafeCharacter = (path: string) =>
  [...path].some((character) => {
    const code = character.charCodeAt(0);
    return character === '\\' || code < 0x20 || code === 0x7f;
  });

/** A `.` or `..` path segment, raw or percent-encoded in any case (`%2e`, `.%2E`). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** The path part (before the query and hash) has a `.` or `..` segment. */
const hasDotSegment = (path: string) =>
  path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .some((segment) => DOT_SEGMENT.test(segment));

/** An absolute path of this origin: one leading slash, no backslash, control character or dot segment. */
const isPlainAppPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !hasUnsafeCharacter(path) && !hasDotSegment(path);

/** The path as the app navigates to it (path, query, hash), or null when it leaves the origin. */
export function sameOriginAppPath(path: string, origin: string = pageOrigin()): string | null {
  if (!isPlainAppPath(path)) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  // What the URL parser made of it must pass the same checks: a `//` start would leave the origin.
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return isPlainAppPath(normalised) ? normalised : null;
}

/** This page's origin; http://localhost where there is none (Node tests, about:blank). */
export function pageOrigin(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null'
    ? location.origin
    : 'http://localhost';
}
