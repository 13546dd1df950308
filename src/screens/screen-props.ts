// Props shared by the document screens, which also appear inside collections and profiles.

/** Where a document is shown: public, or inside a collection, user or organization page. */
export type DocumentContext = 'public' | 'collection' | 'user' | 'org';

export interface DocumentScreenProps {
  /** The `{id}-{slug}` path segment. */
  idSlug: string;
  /** The path before `/documents/...`: '' publicly, '/u/jana/ustavni-pravo' in a collection. */
  basePath: string;
  context: DocumentContext;
}
