// Where a document screen sits, as its breadcrumbs and its way back show it: the public documents
// list, a profile (back to it), or a collection (its owner's trail, back to the collection).
import type { IntlShape } from 'react-intl';
import type { DocumentScreenProps } from '../../screen-props';
import {
  collectionCrumbs,
  collectionHref,
  ownerCrumbs,
  type CollectionView,
  type Crumb,
} from '../../../components/breadcrumbs/trails';

type Formatter = Pick<IntlShape, 'formatMessage'>;
type Place = Pick<DocumentScreenProps, 'basePath' | 'context' | 'collection' | 'owner'>;

/** The places above the document: Documents; Users > @handle; … > collection. */
export function placeCrumbs(intl: Formatter, place: Place, view?: CollectionView): Crumb[] {
  if ((place.context === 'user' || place.context === 'org') && place.owner) return ownerCrumbs(intl, place.owner);
  if (place.context === 'collection' && place.collection && view)
    return collectionCrumbs(intl, place.collection, view, place.basePath);
  return [{ label: intl.formatMessage({ id: 'reader.detail.documents' }), href: `${place.basePath}/documents` }];
}

/** The way back: the documents list publicly, else the profile or the collection. */
export function backTarget(place: Place, view?: CollectionView): { href: string; labelId: string } {
  if (place.context === 'user' || place.context === 'org')
    return { href: place.basePath, labelId: 'reader.context.backToProfile' };
  if (place.context === 'collection' && place.collection)
    return { href: collectionHref(place.collection, view, place.basePath), labelId: 'reader.context.backToCollection' };
  return { href: `${place.basePath}/documents`, labelId: 'reader.detail.back' };
}
