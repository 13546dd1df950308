// Names a work's versions: the newest version already in force is `main`, every other dated
// version `snapshot-YYYY-MM-DD` (an undated draft: `snapshot-undated`).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/sql.js';
import { branches } from '../db/schema.js';

export interface DatedBranch {
  id: string;
  validFrom: string | null;
}

/**
 * Which branch is main: the latest in force by `today`, else (all in the future) the earliest.
 * An undated version counts as the oldest.
 */
export function pickMainBranch(list: DatedBranch[], today: string): string | undefined {
  const sorted = [...list].sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
  const inForce = sorted.filter((b) => (b.validFrom ?? '') <= today);
  return (inForce.at(-1) ?? sorted[0])?.id;
}

export const snapshotName = (validFrom: string | null) => `snapshot-${validFrom ?? 'undated'}`;

export async function renameBranches(tx: Tx, documentId: string, today = new Date().toISOString().slice(0, 10)) {
  const list = await tx
    .select({ id: branches.id, validFrom: sql<string | null>`${branches.validFrom}::text` })
    .from(branches)
    .where(eq(branches.documentId, documentId));
  const mainId = pickMainBranch(list, today);
  // Two steps, because (document_id, name) is unique and names may swap.
  await tx
    .update(branches)
    .set({ name: sql`'renaming-' || ${branches.id}::text` })
    .where(eq(branches.documentId, documentId));
  for (const branch of list) {
    const isMain = branch.id === mainId;
    await tx
      .update(branches)
      .set({ name: isMain ? 'main' : snapshotName(branch.validFrom), kind: isMain ? 'main' : 'snapshot' })
      .where(eq(branches.id, branch.id));
  }
}
