// The documents of a collection: ordered by a dense 1-based position, each with a note and an
// optional as_of pin resolved at read time to the newest version in force that day (null follows
// main). Every write locks the collection's row, so concurrent adds and moves serialize.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AddCollectionItemRequest,
  CollectionItem,
  UpdateCollectionItemRequest,
} from '../../src/api/contract/collections.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { DATE_TEXT, sqlRows, type Tx } from '../db/sql.js';
import { conflict, noVersionOnDate, notFound } from '../http/errors.js';
import { cleanOptional, cleanText } from '../accounts/clean-text.js';
import { editableCollection, readableCollection } from './access.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { writeTransaction } from './write.js';
import { assertWithinQuota, type CollectionQuotas } from './quotas.js';

type ItemRow = Omit<CollectionItem, 'metadata'> & { title: string };

const alreadyInCollection = () =>
  conflict('already_in_collection', 'This document is already in the collection', 'document_id');
export const itemNotFound = () => notFound('Document in this collection');

/** Items of collection `collectionId`, `where` narrowing them, in order. */
async function itemRows(db: Db | Tx, collectionId: string, where = sql``, limit = 50): Promise<CollectionItem[]> {
  const rows = await sqlRows<ItemRow>(
    db,
    sql`SELECT i.document_id, d.external_id, d.metadata->>'title' AS title, d.metadata->>'source_system' AS source_system,
          COALESCE(cardinality(b.languages), 0) AS languages_count, i.position, i.note,
          to_char(i.as_of, ${DATE_TEXT}) AS as_of, b.id AS branch_id, b.name AS branch_name
        FROM collection_items i
        JOIN documents d ON d.id = i.document_id
        LEFT JOIN LATERAL (
          SELECT vb.id, vb.name, vb.languages FROM branches vb
          WHERE vb.document_id = i.document_id
            AND CASE WHEN i.as_of IS NULL THEN vb.name = 'main' ELSE vb.valid_from <= i.as_of END
          ORDER BY vb.valid_from DESC NULLS LAST LIMIT 1
        ) b ON true
        WHERE i.collection_id = ${collectionId} ${where}
        ORDER BY i.position, i.document_id
        LIMIT ${limit}`,
  );
  return rows.map(({ title, ...row }) => ({
    ...row,
    metadata: { title },
    languages_count: Number(row.languages_count),
    position: Number(row.position),
  }));
}

/** The first items of a collection already known readable (the Collection shape's documents). */
export const firstItems = (db: Db | Tx, collectionId: string) => itemRows(db, collectionId);

type ItemPage = { items: CollectionItem[]; next_cursor: string | null };

/** One document of a collection the caller may read (404 when it is not in it). */
export async function getItem(db: Db, id: string, documentId: string, principal: Principal): Promise<CollectionItem> {
  await readableCollection(db, id, principal);
  const item = await itemOf(db, id, documentId);
  if (!item) throw itemNotFound();
  return item;
}

export async function listItems(
  db: Db,
  id: string,
  principal: Principal,
  page: { limit: number; cursor?: string | undefined },
): Promise<ItemPage> {
  await readableCollection(db, id, principal);
  return itemPage(db, id, page);
}

/** A page of the items of a collection already known readable (keyset on position, document). */
export async function itemPage(
  db: Db | Tx,
  id: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<ItemPage> {
  const after = page.cursor ? decodeCursor<[number, string]>(page.cursor, ['int', 'uuid']) : null;
  const where = after ? sql`AND (i.position, i.document_id) > (${after[0]}::int, ${after[1]}::uuid)` : sql``;
  const rows = await itemRows(db, id, where, page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > page.limit && last ? encodeCursor([last.position, last.document_id]) : null,
  };
}

/** 400 no_version_on_date when the document has no version in force on `asOf`. */
async function assertVersionOn(tx: Tx, documentId: string, asOf: string | null | undefined) {
  if (!asOf) return;
  const found = await sqlRows(
    tx,
    sql`SELECT 1 FROM branches WHERE document_id = ${documentId} AND valid_from <= ${asOf}::date LIMIT 1`,
  );
  if (found.length === 0) throw noVersionOnDate(asOf);
}

/** One item of a collection already known readable; null when the document is not in it. */
export async function itemOf(db: Db | Tx, collectionId: string, documentId: string): Promise<CollectionItem | null> {
  const [item] = await itemRows(db, collectionId, sql`AND i.document_id = ${documentId}`, 1);
  return item ?? null;
}

async function oneItem(tx: Tx, collectionId: string, documentId: string): Promise<CollectionItem> {
  const item = await itemOf(tx, collectionId, documentId);
  if (!item) throw itemNotFound();
  return item;
}

export async function addItem(
  db: Db,
  id: string,
  principal: Principal,
  request: z.output<typeof AddCollectionItemRequest>,
  quotas: CollectionQuotas,
): Promise<CollectionItem> {
  return writeTransaction(
    db,
    () => alreadyInCollection(),
    async (tx) => {
      const { row } = await editableCollection(tx, id, principal);
      const [document] = await sqlRows(tx, sql`SELECT 1 FROM documents WHERE id = ${request.document_id}`);
      if (!document) throw notFound('Document', 'document_id');
      const [existing] = await sqlRows(
        tx,
        sql`SELECT 1 FROM collection_items WHERE collection_id = ${id} AND document_id = ${request.document_id}`,
      );
      if (existing) throw alreadyInCollection();
      assertWithinQuota(quotas, 'itemsPerCollection', Number(row.document_count));
      await assertVersionOn(tx, request.document_id, request.as_of);
      await tx.execute(
        sql`INSERT INTO collection_items (collection_id, document_id, position, note, as_of)
          VALUES (${id}, ${request.document_id}, ${Number(row.document_count) + 1},
                  ${cleanOptional(request.note, cleanText) ?? null}, ${request.as_of ?? null})`,
      );
      return oneItem(tx, id, request.document_id);
    },
  );
}

async function positionOf(tx: Tx, collectionId: string, documentId: string): Promise<number> {
  const [row] = await sqlRows<{ position: number }>(
    tx,
    sql`SELECT position FROM collection_items WHERE collection_id = ${collectionId} AND document_id = ${documentId}`,
  );
  if (!row) throw itemNotFound();
  return Number(row.position);
}

export async function updateItem(
  db: Db,
  id: string,
  documentId: string,
  principal: Principal,
  request: z.output<typeof UpdateCollectionItemRequest>,
): Promise<CollectionItem> {
  return db.transaction(async (tx) => {
    const { row } = await editableCollection(tx, id, principal);
    const from = await positionOf(tx, id, documentId);
    if (request.position !== undefined) {
      const to = Math.min(request.position, Number(row.document_count));
      // Shift the items between the old and the new place by one, keeping positions dense.
      if (to < from) {
        await tx.execute(sql`UPDATE collection_items SET position = position + 1
          WHERE collection_id = ${id} AND position >= ${to} AND position < ${from}`);
      } else if (to > from) {
        await tx.execute(sql`UPDATE collection_items SET position = position - 1
          WHERE collection_id = ${id} AND position > ${from} AND position <= ${to}`);
      }
      await tx.execute(
        sql`UPDATE collection_items SET position = ${to} WHERE collection_id = ${id} AND document_id = ${documentId}`,
      );
    }
    if (request.note !== undefined) {
      await tx.execute(sql`UPDATE collection_items SET note = ${cleanOptional(request.note, cleanText) ?? null}
        WHERE collection_id = ${id} AND document_id = ${documentId}`);
    }
    if (request.as_of !== undefined) {
      await assertVersionOn(tx, documentId, request.as_of);
      await tx.execute(sql`UPDATE collection_items SET as_of = ${request.as_of}
        WHERE collection_id = ${id} AND document_id = ${documentId}`);
    }
    return oneItem(tx, id, documentId);
  });
}

/** Removes the item and closes the gap; answers the item as it was. */
export async function removeItem(
  db: Db,
  id: string,
  documentId: string,
  principal: Principal,
): Promise<CollectionItem> {
  return db.transaction(async (tx) => {
    await editableCollection(tx, id, principal);
    const item = await oneItem(tx, id, documentId);
    await tx.execute(sql`DELETE FROM collection_items WHERE collection_id = ${id} AND document_id = ${documentId}`);
    await tx.execute(sql`UPDATE collection_items SET position = position - 1
      WHERE collection_id = ${id} AND position > ${item.position}`);
    return item;
  });
}
