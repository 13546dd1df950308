// The places above a page in a breadcrumb trail: a collection's owner (users or organizations,
// then the profile) and the collection itself by the kind of its address. Lexhub has no page
// listing users or organizations, so those two are named without a link.
import type { IntlShape } from 'react-intl';
import type { CollectionSummary } from '../../api/contract/collections';
import type { CollectionAddress } from '../../machines/collections/public-collection.machine';

export interface Crumb {
  label: string;
  /** The place's page; none for a place without one. */
  href?: string;
}

type Formatter = Pick<IntlShape, 'formatMessage'>;
type CollectionOwnerType = CollectionSummary['owner_type'];

/** A user's or organization's profile: /u/{handle} or /org/{handle}. */
export const profilePath = (type: CollectionOwnerType, handle: string) =>
  `/${type === 'org' ? 'org' : 'u'}/${encodeURIComponent(handle)}`;

/** Users > @handle, or Organizations > the organization's name. */
export function ownerCrumbs(intl: Formatter, owner: { type: CollectionOwnerType; handle: string; name?: string }) {
  const list: Crumb =
    owner.type === 'org'
      ? { label: intl.formatMessage({ id: 'collections.public.organizations' }) }
      : { label: intl.formatMessage({ id: 'collections.public.users' }) };
  const label = owner.type === 'org' ? owner.name || owner.handle : `@${owner.handle}`;
  return [list, { label, href: profilePath(owner.type, owner.handle) }] satisfies Crumb[];
}

/** What a document inside a collection learns of it (PublicCollectionDocument, PublicCollection). */
export interface CollectionView {
  collection: CollectionSummary;
  owner: { type: CollectionOwnerType; handle: string; name: string };
  canonical_path: string;
}

/**
 * The collection's page where the reader is: under its owner `basePath` itself (the shape they came
 * by); by short handle the canonical page; by id the collection's own page.
 */
export const collectionHref = (address: CollectionAddress, view: CollectionView | undefined, basePath: string) =>
  address.kind === 'handle' ? (view?.canonical_path ?? '/collections') : basePath;

/** The trail down to a collection: owner's, then the collection; by handle or id under Collections. */
export function collectionCrumbs(
  intl: Formatter,
  address: CollectionAddress,
  view: CollectionView,
  basePath: string,
): Crumb[] {
  const href = collectionHref(address, view, basePath);
  if (address.kind === 'owner') return [...ownerCrumbs(intl, view.owner), { label: view.collection.name, href }];
  const collections = { label: intl.formatMessage({ id: 'collections.public.collections' }), href: '/collections' };
  return [collections, { label: address.kind === 'handle' ? address.vanity : view.collection.name, href }];
}
