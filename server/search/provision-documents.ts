// The importer's step for full-text search: provision_search_refresh (migration 0014) writes the
// search documents of a branch in the import's transaction, from node titles and texts folded here
// (the same folding as the queries: src/shared/find-text.ts), which is much faster than in SQL.
import { sql } from 'drizzle-orm';
import { foldQuery } from '../../src/shared/find-text.js';
import type { Tx } from '../db/sql.js';
import type { BranchRows } from '../importers/flatten.js';

export async function refreshProvisionSearch(tx: Tx, branchId: string, rows: BranchRows): Promise<void> {
  const titled = rows.nodes.filter((node) => node.title !== null);
  const texts = rows.fragments.filter((fragment) => fragment.hasText);
  await tx.execute(
    sql`SELECT provision_search_refresh(${branchId},
      ${sql.param(titled.map((node) => node.id))}::uuid[], ${sql.param(titled.map((node) => foldQuery(node.title!)))}::text[],
      ${sql.param(texts.map((fragment) => fragment.id))}::uuid[], ${sql.param(texts.map((fragment) => foldQuery(fragment.text)))}::text[])`,
  );
}
