// How the tools name documents and provisions: a document by id or law number ('1/1993',
// '1/1993 Sb.'), a provision by its cite key in the document's main version ('čl. 54', '§ 10a').
import { findDocument, findNode, type DocumentHit } from '../../copilot/library-search.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { text } from '../tool.js';

export const documentRef = text(300).describe('Document id, or its number such as "1/1993 Sb."');
export const citeKeyRef = text(50).describe('Cite key of a provision, e.g. "čl. 54", "§ 10a"');

export async function documentOf(db: Db, reference: string): Promise<DocumentHit> {
  const document = await findDocument(db, reference);
  if (!document) throw notFound('Document', 'document_id');
  return document;
}

export async function provisionNodeOf(db: Db, document: DocumentHit, citeKey: string): Promise<string> {
  const nodeId = await findNode(db, document, citeKey);
  if (!nodeId) throw provisionNotFound(document, citeKey);
  return nodeId;
}

export const provisionNotFound = (document: DocumentHit, citeKey: string) =>
  notFound(`Provision "${citeKey}" of ${document.externalId}`, 'cite_key');
