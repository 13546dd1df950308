// Test data of the public collection tests: a user's and an organization's published collection,
// its items (one pinned), and its answers.
import type {
  CollectionItem,
  CollectionOwner,
  CollectionSummary,
  PublicCollection,
  PublicCollectionDocument,
} from '../../api/contract/collections';

export const USTAVA_ID = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
export const COLLECTION_ID = '3f0d4c52-7d1e-4b8e-9d6a-1c2b3a4d5e6f';

export const summaryOf = (overrides: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id: COLLECTION_ID,
  name: 'Ústavní právo',
  slug: 'ustavni-pravo',
  description: 'Základní ústavní předpisy.',
  owner_type: 'user',
  owner_handle: 'jana',
  visibility: 'public',
  vanity_handle: 'ustava',
  role: 'reader',
  document_count: 2,
  public_path: '/u/jana/ustavni-pravo',
  ...overrides,
});

export const itemOf = (documentId: string, title: string, overrides: Partial<CollectionItem> = {}): CollectionItem => ({
  document_id: documentId,
  external_id: '1/1993 Sb.',
  metadata: { title },
  languages_count: 1,
  source_system: 'esbirka',
  position: 1,
  note: null,
  as_of: null,
  branch_id: null,
  branch_name: 'main',
  ...overrides,
});

/** Item n (1-based) with a made-up document id. */
export const numberedItem = (n: number, overrides: Partial<CollectionItem> = {}) =>
  itemOf(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, `Zákon ${n}`, { position: n, ...overrides });

export const JANA: CollectionOwner = { type: 'user', handle: 'jana', name: 'Jana Nováková' };
export const AKV: CollectionOwner = { type: 'org', handle: 'akv', name: 'Advokátní kancelář Veselá' };

export const pageOf = (overrides: Partial<PublicCollection> = {}): PublicCollection => ({
  collection: summaryOf(),
  owner: JANA,
  items: [],
  next_cursor: null,
  canonical_path: '/u/jana/ustavni-pravo',
  ...overrides,
});

export const documentViewOf = (overrides: Partial<PublicCollectionDocument> = {}): PublicCollectionDocument => ({
  collection: summaryOf(),
  owner: JANA,
  item: itemOf(USTAVA_ID, 'Ústava České republiky'),
  canonical_path: '/u/jana/ustavni-pravo',
  ...overrides,
});
