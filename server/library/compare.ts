// Version comparison as a set comparison of fragment uids (equal uid = same place, same text), over
// imported text only: it answers everyone alike, and saved translations are their owners' alone.
import { sql } from 'drizzle-orm';
import type { Comparison } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';

export interface CompareRequest {
  branchA: string;
  branchB: string;
  includeUids: boolean;
  limit: number;
  offset: number;
}

export async function compareBranches(db: Db, request: CompareRequest): Promise<Comparison> {
  const { branchA, branchB } = request;
  const [counts] = await sqlRows<{ found: number; a_total: number; b_total: number; in_both: number }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM branches WHERE id IN (${branchA}, ${branchB}))::int AS found,
          (SELECT count(*) FROM fragments f WHERE f.branch_id = ${branchA} AND ${importedFragmentsOnly('f')})::int AS a_total,
          (SELECT count(*) FROM fragments f WHERE f.branch_id = ${branchB} AND ${importedFragmentsOnly('f')})::int AS b_total,
          (SELECT count(*) FROM fragments fa
            WHERE fa.branch_id = ${branchA} AND ${importedFragmentsOnly('fa')}
              AND EXISTS (SELECT 1 FROM fragments fb WHERE fb.branch_id = ${branchB} AND fb.fragment_uid = fa.fragment_uid
                            AND ${importedFragmentsOnly('fb')})
          )::int AS in_both`,
  );
  const expected = branchA === branchB ? 1 : 2;
  if (!counts || Number(counts.found) < expected) throw notFound('Branch');
  const [onlyInA, onlyInB] = await Promise.all([
    onlyIn(db, branchA, branchB, request),
    onlyIn(db, branchB, branchA, request),
  ]);
  const inBoth = Number(counts.in_both);
  return {
    branch_id_a: branchA,
    branch_id_b: branchB,
    counts: {
      a_total: Number(counts.a_total),
      b_total: Number(counts.b_total),
      in_both: inBoth,
      only_in_a: Number(counts.a_total) - inBoth,
      only_in_b: Number(counts.b_total) - inBoth,
    },
    only_in_a: onlyInA,
    only_in_b: onlyInB,
  };
}

async function onlyIn(db: Db, from: string, other: string, request: CompareRequest) {
  const rows = await sqlRows<{ id: string; fragment_uid: string }>(
    db,
    sql`SELECT f.id, f.fragment_uid FROM fragments f
        WHERE f.branch_id = ${from} AND ${importedFragmentsOnly('f')}
          AND NOT EXISTS (SELECT 1 FROM fragments o WHERE o.branch_id = ${other} AND o.fragment_uid = f.fragment_uid
                            AND ${importedFragmentsOnly('o')})
        ORDER BY f.seq, f.language_id LIMIT ${request.limit} OFFSET ${request.offset}`,
  );
  return request.includeUids ? rows : rows.map(({ id }) => ({ id }));
}
