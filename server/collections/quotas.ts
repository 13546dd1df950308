// How much one owner or collection may hold (issue 10's defaults); the app's options may lower
// or raise them, and each limit reached answers 409 quota_exceeded naming it.
import { ApiError } from '../http/errors.js';

export interface CollectionQuotas {
  collectionsPerOwner: number;
  itemsPerCollection: number;
  maintainersPerCollection: number;
  /**
   * Open invitations to maintain from one owner's collections to one user or organization: an
   * owner cannot fill someone's invitations list (beyond the limits).
   */
  openInvitationsPerInvitee: number;
}

export const DEFAULT_COLLECTION_QUOTAS: CollectionQuotas = {
  collectionsPerOwner: 2000,
  itemsPerCollection: 10_000,
  maintainersPerCollection: 100,
  openInvitationsPerInvitee: 20,
};

const LIMIT_TEXT: Record<keyof CollectionQuotas, string> = {
  collectionsPerOwner: 'collections per owner',
  itemsPerCollection: 'documents per collection',
  maintainersPerCollection: 'maintainers per collection',
  openInvitationsPerInvitee: 'open invitations from one owner to one user or organization',
};

/** 409 quota_exceeded when `count` already reached the limit. */
export function assertWithinQuota(quotas: CollectionQuotas, limit: keyof CollectionQuotas, count: number): void {
  const max = quotas[limit];
  if (count >= max) throw new ApiError(409, 'quota_exceeded', `Limit reached: at most ${max} ${LIMIT_TEXT[limit]}`);
}
