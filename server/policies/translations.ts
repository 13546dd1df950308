// Who sees and who writes saved translations (issue 11; decision in docs/ARCHITECTURE.md).
//
// Every user writes into their own translation layer: fragments with `owner_id` = the user,
// aligned with an imported source. A layer is private to its owner: nothing one user saves shows
// to anyone else (no defacing the library's text), and an imported text (owner_id null) is never
// overwritten. Publishing a layer is left for later; it will be one more branch of this predicate.
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';

/** The user whose layer the caller may read and write, or null (anonymous or an API key). */
export function translationLayerOf(principal: Principal): string | null {
  return principal.kind === 'user' ? principal.user.id : null;
}

/**
 * The SQL condition every read of fragments that a caller sees goes through: imported text, and
 * the caller's own layer. `alias` is the fragments alias of the query ('f', 't').
 */
export function fragmentVisibleTo(alias: string, viewerId: string | null): SQL {
  const owner = sql.raw(`${alias}.owner_id`);
  return viewerId === null ? sql`${owner} IS NULL` : sql`(${owner} IS NULL OR ${owner} = ${viewerId}::uuid)`;
}

/** Reads that serve everyone alike (comparison, search, the Copilot's index): imported text only. */
export function importedFragmentsOnly(alias: string): SQL {
  return sql`${sql.raw(`${alias}.owner_id`)} IS NULL`;
}

/** Write (save, re-save, set status, clear stale) a saved translation: only its layer's owner. */
export function canWriteTranslation(principal: Principal, fragmentOwnerId: string | null): boolean {
  const layer = translationLayerOf(principal);
  return layer !== null && fragmentOwnerId !== null && fragmentOwnerId === layer;
}

/**
 * Save into one's own layer: a logged-in user whose email is verified (a throwaway address
 * cannot fill the database or the shared `languages` table).
 */
export function canSaveTranslation(principal: Principal): boolean {
  return translationLayerOf(principal) !== null && principal.kind === 'user' && principal.user.emailVerified;
}

/**
 * Set the review state or clear the stale flag of a fragment: its layer's owner, verified.
 * Another user's translation is 'hidden' (404, as if it did not exist: a layer is private); an
 * imported text is 'imported' (403: it exists for everyone and has no review state).
 */
export function reviewAccess(
  principal: Principal,
  fragmentOwnerId: string | null,
): 'allowed' | 'hidden' | 'imported' | 'unverified' {
  if (fragmentOwnerId === null) return 'imported';
  if (!canWriteTranslation(principal, fragmentOwnerId)) return 'hidden';
  return canSaveTranslation(principal) ? 'allowed' : 'unverified';
}
