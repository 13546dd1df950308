// Reverse lookup (Hugging Face's `?item=`): the collections holding a document, for its page's
// 'In N public collections': how many public ones, and the public ones plus those the caller may read.
import { sql } from 'drizzle-orm';
import type { DocumentCollections } from '../../src/api/contract/collections.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { readableCollectionSql } from '../policies/collections.js';
import { COLLECTION_OWNERS, collectionColumns, summaryOf, type CollectionRow } from './access.js';

/** The most collections one answer lists. */
export const DOCUMENT_COLLECTIONS_LIMIT = 50;

/** Public ones first, then by name; 404 not_found for an unknown document. */
export async function documentCollections(
  db: Db,
  documentId: string,
  principal: Principal,
): Promise<DocumentCollections> {
  // One query answers both whether the document exists and how many public collections hold it.
  const [document] = await sqlRows<{ public_count: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM collection_items ci JOIN collections c ON c.id = ci.collection_id
                WHERE ci.document_id = d.id AND c.visibility = 'public') AS public_count
        FROM documents d WHERE d.id = ${documentId}`,
  );
  if (!document) throw notFound('Document');
  const rows = await sqlRows<CollectionRow>(
    db,
    sql`SELECT ${collectionColumns(principal)} FROM ${COLLECTION_OWNERS}
        WHERE EXISTS (SELECT 1 FROM collection_items ci WHERE ci.collection_id = c.id AND ci.document_id = ${documentId})
          AND ${readableCollectionSql(principal)}
        ORDER BY CASE WHEN c.visibility = 'public' THEN 0 ELSE 1 END, c.name, c.id
        LIMIT ${DOCUMENT_COLLECTIONS_LIMIT}`,
  );
  // The SQL predicate and the policy agree; a row the policy refuses would be a bug, and is dropped.
  const items = rows.map((row) => summaryOf(principal, row)).filter((item) => item !== null);
  return { public_count: Number(document.public_count), items };
}
