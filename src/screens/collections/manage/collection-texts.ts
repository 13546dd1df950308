// Texts both collection management screens share: a failure in the collections' wording (a refused
// field named by its label on the form), the owner, the visibility and the pin of an item.
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../../api/client';
import type { CollectionItem, CollectionSummary } from '../../../api/contract/collections';
import { errorMessage } from '../../../i18n/error-message';
import { effectiveDate } from '../../../components/version-selector/branch-label';

/** The failure as a sentence; `fields` maps a refused field to its label ('name' → 'Name'). */
export function collectionFailure(intl: IntlShape, error: ApiError, fields: Record<string, string> = {}): string {
  const label = error.field ? fields[error.field] : undefined;
  const named = label ? new ApiError(error.status, error.detail, { message: error.message, field: label }) : error;
  return errorMessage(intl, named, 'collections');
}

/** '@jana' for a person, 'akcr (organization)' for an organization. */
export const ownerText = (intl: IntlShape, collection: Pick<CollectionSummary, 'owner_type' | 'owner_handle'>) =>
  intl.formatMessage(
    { id: collection.owner_type === 'org' ? 'collections.manage.owner.org' : 'collections.manage.owner.user' },
    { name: collection.owner_handle },
  );

export const visibilityText = (intl: IntlShape, visibility: CollectionSummary['visibility']) =>
  intl.formatMessage({ id: `collections.manage.visibility.${visibility}` });

export const VISIBILITY_COLORS = { private: 'gray', team: 'amber', public: 'green' } as const;

/**
 * 'Latest' or 'As in force on 1 January 2000' ('1. 1. 2000' in Czech): the date as the reader's
 * pin notice and version picker write it, not the browser's 'Jan 1, 2000'.
 */
export const pinText = (intl: IntlShape, item: Pick<CollectionItem, 'as_of'>) =>
  item.as_of
    ? intl.formatMessage({ id: 'collections.manage.pin.asOf' }, { date: effectiveDate(intl, item.as_of) })
    : intl.formatMessage({ id: 'collections.manage.pin.latest' });
