// Who may do what with a user account (its handle, profile and ETag).
import type { Principal } from '../auth/principal.js';

/** A user's private account data is read and changed by that user alone. */
export const canEditUser = (principal: Principal, userId: string): boolean =>
  principal.kind === 'user' && principal.user.id === userId;
