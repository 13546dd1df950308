// App addresses of documents (/documents/{id}-{slug}), provisions (?node=) and collections, for
// the web app and the server alike (the Copilot links provisions). The slug is the lowercase title
// with Czech (and other) letters folded to ASCII, other characters as one hyphen, at most 50.

import { isUuid } from './uuid';

const MAX_SLUG = 50;

export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/** The `{id}-{slug}` path segment of a document. */
export function documentSegment(id: string, title: string): string {
  const slug = slugify(title);
  return `${id}${slug ? `-${slug}` : ''}`;
}

/** `{basePath}/documents/{idSlug}`: a document page under a public, collection or profile base. */
export const detailPath = (basePath: string, idSlug: string) => `${basePath}/documents/${idSlug}`;

/** `/documents/{id}-{slug}` under an optional collection or profile base path. */
export function documentPath(id: string, title: string, basePath = ''): string {
  return detailPath(basePath, documentSegment(id, title));
}

/** The id is the first 36 characters of the path segment; undefined when they are no UUID. */
export function documentIdFromSegment(idSlug: string): string | undefined {
  const id = idSlug.slice(0, 36);
  return isUuid(id) ? id.toLowerCase() : undefined;
}

/** A collection's page: under its owner, `/u/{handle}/{slug}` or `/org/{slug}/{slug}`. */
export function collectionPath(collection: { owner_type: 'user' | 'org'; owner_handle: string; slug: string }): string {
  const base = collection.owner_type === 'org' ? 'org' : 'u';
  return `/${base}/${encodeURIComponent(collection.owner_handle)}/${encodeURIComponent(collection.slug)}`;
}

/** A document's page, at a node when given: `/documents/{id}-{slug}?node={node_id}`. */
export function provisionPath(documentId: string, title: string, nodeId?: string): string {
  const base = documentPath(documentId, title);
  return nodeId ? `${base}?node=${nodeId}` : base;
}
