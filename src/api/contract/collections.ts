// Collections: owned (by a user or an organization) and maintained sets of documents, each item
// optionally pinned to the version in force on a date.
import { z } from 'zod';
import { IsoDate, Uuid, pageLimit } from './common';
import { ORG_SLUG_PATTERN, OrgSlug } from './orgs';
import { Handle } from './users';

export const COLLECTION_VISIBILITIES = ['private', 'team', 'public'] as const;
export const CollectionVisibility = z.enum(COLLECTION_VISIBILITIES);
export type CollectionVisibility = z.infer<typeof CollectionVisibility>;

/** The caller's relation to a collection: owner (or owner/admin of the owning org), maintainer, reader. */
export const CollectionRole = z.enum(['owner', 'maintainer', 'reader']);
export type CollectionRole = z.infer<typeof CollectionRole>;

/** A collection's slug follows the organization slug's rules (unique per owner instead of overall). */
export const COLLECTION_SLUG_PATTERN = ORG_SLUG_PATTERN;
export const CollectionSlug = OrgSlug;

const Name = z.string().trim().min(1).max(120);
const Description = z.string().trim().max(2000);
const Note = z.string().trim().max(2000);
const Cursor = z.string().max(200).optional().describe('next_cursor of the previous page');

export const CreateCollectionRequest = z.object({
  name: Name,
  description: Description.optional().nullable(),
  owner_type: z.enum(['user', 'org']),
  /** Required for owner_type org; the caller must be its owner or admin. */
  organization_id: Uuid.optional(),
  slug: CollectionSlug.optional(),
});

export const UpdateCollectionRequest = z.object({
  name: Name.optional(),
  description: Description.optional().nullable(),
  slug: CollectionSlug.optional(),
  /** Public is reached by publishing. */
  visibility: z.enum(['private', 'team']).optional(),
});

export const CollectionIdParams = z.object({ id: Uuid });
export const CollectionItemParams = z.object({ id: Uuid, docId: Uuid });
export const CollectionMaintainerParams = z.object({ id: Uuid, maintainerId: Uuid });

export const CollectionItem = z.object({
  document_id: z.uuid(),
  external_id: z.string(),
  metadata: z.object({ title: z.string() }),
  languages_count: z.number().int(),
  source_system: z.string().nullable(),
  position: z.number().int(),
  note: z.string().nullable(),
  as_of: z.string().nullable(),
  /** The version shown: main, or the newest one in force on as_of (null when none). */
  branch_id: z.uuid().nullable(),
  branch_name: z.string().nullable(),
});
export type CollectionItem = z.infer<typeof CollectionItem>;

export const CollectionSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  owner_type: z.enum(['user', 'org']),
  owner_handle: z.string(),
  visibility: CollectionVisibility,
  vanity_handle: z.string().nullable(),
  role: CollectionRole,
  document_count: z.number().int(),
  /** The public address when public, else null. */
  public_path: z.string().nullable(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

export const Collection = CollectionSummary.extend({ documents: z.array(CollectionItem).describe('The first 50') });
export type Collection = z.infer<typeof Collection>;

export const CollectionListQuery = z.object({
  scope: z.enum(['mine', 'team', 'all']).default('all'),
  organization_id: Uuid.optional(),
  q: z.string().trim().max(200).optional(),
  cursor: Cursor,
  limit: pageLimit(50, 200),
});
export const CollectionList = z.object({ items: z.array(CollectionSummary), next_cursor: z.string().nullable() });

export const CollectionItemsQuery = z.object({ limit: pageLimit(50, 200), cursor: Cursor });
export const CollectionItemPage = z.object({ items: z.array(CollectionItem), next_cursor: z.string().nullable() });

export const AddCollectionItemRequest = z.object({
  document_id: Uuid,
  note: Note.optional().nullable(),
  as_of: IsoDate.optional().nullable(),
});
export const UpdateCollectionItemRequest = z.object({
  /** 1-based; past the end moves it last. */
  position: z.number().int().min(1).max(1_000_000).optional(),
  note: Note.optional().nullable(),
  as_of: IsoDate.optional().nullable(),
});

export const MaintainerType = z.enum(['user', 'org']);
export const CollectionMaintainer = z.object({
  maintainer_type: MaintainerType,
  maintainer_id: z.uuid(),
  handle: z.string(),
  /** Invited, not yet accepted: no rights until the user (or the organization's owners or admins) accepts. */
  pending: z.boolean(),
});
export type CollectionMaintainer = z.infer<typeof CollectionMaintainer>;
export const CollectionMaintainerList = z.object({ items: z.array(CollectionMaintainer) });
export const AddMaintainerRequest = z.object({
  maintainer_type: MaintainerType,
  /** The user's or organization's id, or its handle (username, organization slug). */
  maintainer_id: z.string().trim().min(1).max(100),
});
export const RemoveMaintainerQuery = z.object({ maintainer_type: MaintainerType });

/** An open invitation to maintain a collection, for the caller or an organization they own or administer. */
export const CollectionInvitation = z.object({
  collection_id: z.uuid(),
  collection_name: z.string(),
  owner_type: z.enum(['user', 'org']),
  owner_handle: z.string(),
  maintainer_type: MaintainerType,
  maintainer_id: z.uuid(),
  /** The invited user's or organization's handle. */
  handle: z.string(),
});
export type CollectionInvitation = z.infer<typeof CollectionInvitation>;
export const CollectionInvitationList = z.object({ items: z.array(CollectionInvitation) });

/**
 * Publishing: the collection's address /u|org/{owner_handle}/{slug}, an optional short handle
 * (/{vanity_handle}/documents/...), and whether anyone may read it (is_public false keeps the
 * address for those who may read it).
 */
export const PublishCollectionRequest = z.object({
  slug: CollectionSlug,
  /** Must be the owner's handle (the user's username or the organization's slug): 400 owner_handle_mismatch. */
  owner_handle: z.string().trim().toLowerCase().min(1).max(100),
  vanity_handle: Handle.optional().nullable(),
  is_public: z.boolean(),
});

export const CollectionOwnerType = z.enum(['user', 'org']);
export const CollectionOwner = z.object({
  type: CollectionOwnerType,
  handle: z.string(),
  /** The organization's name, or the user's full name (the handle when they gave none). */
  name: z.string(),
});
export type CollectionOwner = z.infer<typeof CollectionOwner>;

const Segment = z.string().min(1).max(100);
export const PublicCollectionParams = z.object({ ownerType: CollectionOwnerType, handle: Segment, slug: Segment });
export const PublicCollectionDocumentParams = PublicCollectionParams.extend({ documentId: Uuid });
export const CollectionHandleParams = z.object({ vanity: Segment });
export const CollectionHandleDocumentParams = CollectionHandleParams.extend({ documentId: Uuid });

/** A collection as its public page shows it: one page of items (the first unless `cursor`). */
export const PublicCollection = z.object({
  collection: CollectionSummary,
  owner: CollectionOwner,
  items: z.array(CollectionItem),
  next_cursor: z.string().nullable(),
  /** /u|org/{handle}/{slug}: the address search engines and links should use. */
  canonical_path: z.string(),
});
export type PublicCollection = z.infer<typeof PublicCollection>;

/** One document inside a collection, for the document page's breadcrumbs and pin. */
export const PublicCollectionDocument = z.object({
  collection: CollectionSummary,
  owner: CollectionOwner,
  item: CollectionItem,
  canonical_path: z.string(),
});
export type PublicCollectionDocument = z.infer<typeof PublicCollectionDocument>;

/** Reverse lookup: the collections holding a document. */
export const DocumentCollections = z.object({
  /** How many public collections hold it (whatever the caller may read besides). */
  public_count: z.number().int(),
  /** Public ones, plus those the caller may read; at most 50. */
  items: z.array(CollectionSummary),
});
export type DocumentCollections = z.infer<typeof DocumentCollections>;
