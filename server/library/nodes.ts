// The structure of a branch: nodes in document order with their parent links (and names by language).
import { sql } from 'drizzle-orm';
import type { Node } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

export async function listNodes(db: Db, branchId: string, limit: number, offset: number): Promise<Node[]> {
  const rows = await sqlRows<Omit<Node, 'titles'> & { titles: Record<string, string> | null }>(
    db,
    sql`SELECT id, node_type, type, title, titles, cite_key, external_id, order_index, depth, derived_parent_id
        FROM nodes WHERE branch_id = ${branchId}
        ORDER BY order_index LIMIT ${limit} OFFSET ${offset}`,
  );
  // `titles` only where the source names the node in several languages: older rows and
  // one-language acts answer as before.
  return rows.map(({ titles, ...row }) => ({
    ...row,
    ...(titles ? { titles } : {}),
    order_index: Number(row.order_index),
    depth: Number(row.depth),
  }));
}
