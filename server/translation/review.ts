// PATCH /legal/fragments/{id}/translation: the owner of a saved translation sets its review state
// or clears its stale flag (Tolgee's protect-reviewed: nothing else ever changes them).
import { sql } from 'drizzle-orm';
import type { TranslationPatch } from '../../src/api/contract/translation.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { forbidden, notFound } from '../http/errors.js';
import { reviewAccess } from '../policies/translations.js';

export interface ReviewedTranslation {
  id: string;
  translation: { status: 'translated' | 'reviewed'; stale: boolean; origin: 'translated' };
}

/** Who may: reviewAccess in policies/translations.ts (another user's translation: 404; imported text: 403). */
export async function reviewTranslation(
  db: Db,
  principal: Principal,
  id: string,
  patch: TranslationPatch,
): Promise<ReviewedTranslation> {
  const [fragment] = await sqlRows<{ owner_id: string | null }>(
    db,
    sql`SELECT owner_id FROM fragments WHERE id = ${id}`,
  );
  if (!fragment) throw notFound('Fragment');
  const access = reviewAccess(principal, fragment.owner_id);
  if (access === 'hidden') throw notFound('Fragment');
  if (access === 'imported') throw forbidden('An imported text is not a translation to review');
  if (access === 'unverified') throw forbidden('Confirm your email address before writing translations');
  const clearStale = patch.stale === false;
  const [row] = await sqlRows<{ translation_status: 'translated' | 'reviewed'; stale: boolean }>(
    db,
    sql`UPDATE fragments
        SET translation_status = coalesce(${patch.status ?? null}::text, translation_status),
            stale = CASE WHEN ${clearStale}::boolean THEN false ELSE stale END,
            stale_source_text = CASE WHEN ${clearStale}::boolean THEN NULL ELSE stale_source_text END
        WHERE id = ${id} AND owner_id = ${fragment.owner_id}
        RETURNING translation_status, stale`,
  );
  // Deleted meanwhile (its owner's account, or the document).
  if (!row) throw notFound('Fragment');
  return { id, translation: { status: row.translation_status, stale: row.stale, origin: 'translated' } };
}
