// 301s for the web app's pages at old addresses, asked by the SPA fallback before it serves
// index.html: /u/{old handle}[/...], /u|org/{handle}/{old slug}[/...] and
// /u|org/{handle}/collections/{old slug}[/...], /{old short handle}/documents/... . One query at most,
// none for other pages; a live name always wins, and a collection is only pointed at when public
// (a redirect would otherwise tell its new name). Segments not renamed stay as they were typed.
import type { FastifyRequest } from 'fastify';
import { COLLECTION_SLUG_PATTERN } from '../../src/api/contract/collections.js';
import { ORG_SLUG_PATTERN } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN, RESERVED_HANDLES } from '../../src/api/contract/users.js';
import { canonicalPathOf } from '../collections/public.js';
import { movedOwnerOrSlug, movedVanity } from '../collections/redirects.js';
import type { Db } from '../db/client.js';

/** The segment decoded and lowercased when it matches `rule`, else null. */
function segment(raw: string | undefined, rule: RegExp): string | null {
  if (raw === undefined) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw).toLowerCase();
  } catch {
    return null;
  }
  return rule.test(value) ? value : null;
}

const isReserved = (name: string) => (RESERVED_HANDLES as readonly string[]).includes(name);

/** /u|org/{handle}[/collections]/{slug}[/...] or /u/{handle}[/documents/...]: where it moved, or null. */
async function ownerPageRedirect(db: Db, parts: string[]): Promise<string[] | null> {
  const ownerType = parts[0] === 'u' ? 'user' : 'org';
  const handle = segment(parts[1], ownerType === 'user' ? HANDLE_PATTERN : ORG_SLUG_PATTERN);
  if (handle === null) return null;
  // The slug's place: after 'collections', else right after the handle unless that is a document.
  const slugAt = parts[2] === 'collections' ? 3 : parts[2] === 'documents' ? -1 : 2;
  const slug = slugAt < 0 ? null : segment(parts[slugAt], COLLECTION_SLUG_PATTERN);
  // Organizations keep their slugs: only a collection under one can have moved.
  if (ownerType === 'org' && slug === null) return null;
  const moved = await movedOwnerOrSlug(db, ownerType, handle, slug);
  const next = [...parts];
  if (moved.handle !== null) next[1] = moved.handle;
  else if (moved.slug !== null) next[slugAt] = moved.slug;
  else return null;
  return next;
}

/** /{short handle}/documents/...: the new short handle, or the collection's own address. */
async function vanityPageRedirect(db: Db, parts: string[]): Promise<string[] | null> {
  const vanity = segment(parts[0], HANDLE_PATTERN);
  if (vanity === null || isReserved(vanity)) return null;
  const moved = await movedVanity(db, vanity);
  if (moved === null) return null;
  const head =
    'vanity' in moved ? [moved.vanity] : canonicalPathOf(moved.ownerType, moved.handle, moved.slug).slice(1).split('/');
  return [...head, ...parts.slice(1)];
}

/**
 * The address a page at `pathname` (no query) moved to, or null. The caller keeps the query and
 * asks only for GET/HEAD requests of HTML pages that no route or file answered.
 */
export async function pageRedirect(db: Db, pathname: string): Promise<string | null> {
  const parts = pathname.split('/').slice(1);
  let next: string[] | null = null;
  if ((parts[0] === 'u' || parts[0] === 'org') && parts.length >= 2) next = await ownerPageRedirect(db, parts);
  else if (parts.length >= 3 && parts[1] === 'documents') next = await vanityPageRedirect(db, parts);
  return next === null ? null : `/${next.join('/')}`;
}

/** The request's page moved: its new address with the same query, or null (a failed lookup still serves the page). */
export async function pageRedirectOf(db: Db, request: FastifyRequest): Promise<string | null> {
  const at = request.url.indexOf('?');
  try {
    const to = await pageRedirect(db, at < 0 ? request.url : request.url.slice(0, at));
    return to === null ? null : to + (at < 0 ? '' : request.url.slice(at));
  } catch (error) {
    request.log.warn({ err: error }, 'page redirect lookup failed');
    return null;
  }
}
