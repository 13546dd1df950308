// Props shared by the document screens, which also appear inside collections and profiles.
import type { CollectionAddress } from '../machines/collections/public-collection.machine';

/** Where a document is shown: public, or inside a collection, user or organization page. */
export type DocumentContext = 'public' | 'collection' | 'user' | 'org';

export interface DocumentScreenProps {
  /** The `{id}-{slug}` path segment. */
  idSlug: string;
  /** The path before `/documents/...`: '' publicly, '/u/jana/ustavni-pravo' in a collection. */
  basePath: string;
  context: DocumentContext;
  /** In the 'collection' context: the collection the address names. */
  collection?: CollectionAddress;
  /** In the 'user' and 'org' contexts: whose profile. */
  owner?: { type: 'user' | 'org'; handle: string };
}
