// Who may use a Copilot session: it is issued to a logged-in user (the route needs auth 'user'),
// and its signed headers are used by that user alone.
import type { Principal } from '../auth/principal.js';

/**
 * Chatting with a session issued to `sessionUserId`: the signed headers are the proof; inside
 * the main server a caller who also carries a login must be that same user (no borrowed headers).
 */
export const canChatInSession = (principal: Principal, sessionUserId: string): boolean =>
  principal.kind === 'anonymous' || (principal.kind === 'user' && principal.user.id === sessionUserId);
