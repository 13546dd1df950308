// Provision addresses for answers: /documents/{id}-{slug}?node={node_id}. The slug rule is the
// web app's (src/lib/slug.ts), repeated here because the server may not import src/lib; a
// test checks both give the same addresses.

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

export function documentPath(id: string, title: string): string {
  const slug = slugify(title);
  return `/documents/${id}${slug ? `-${slug}` : ''}`;
}

/** A document's page, at a node when given. */
export function provisionPath(documentId: string, title: string, nodeId?: string): string {
  const base = documentPath(documentId, title);
  return nodeId ? `${base}?node=${nodeId}` : base;
}
