// Deterministic identities: every id is a UUID v5 of the source identity and structural path,
// so importing the same file twice writes the same rows, and a new version adds a branch.
import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';

// Lexhub's own UUID namespace (a fixed random UUID; never change it: ids would all move).
const LEXHUB_NAMESPACE = '6f0c5f5e-3b8a-4d35-9a51-2f6f1d0c8e47';

export const documentIdFor = (externalId: string) => uuidv5(`document:${externalId}`, LEXHUB_NAMESPACE);
export const branchIdFor = (documentId: string, validFrom: string) =>
  uuidv5(`branch:${documentId}:${validFrom}`, LEXHUB_NAMESPACE);
export const nodeIdFor = (branchId: string, path: string) => uuidv5(`node:${branchId}:${path}`, LEXHUB_NAMESPACE);
export const groupIdFor = (nodeId: string, unitIndex: number) =>
  uuidv5(`group:${nodeId}:${unitIndex}`, LEXHUB_NAMESPACE);
export const fragmentIdFor = (groupId: string, language: string) =>
  uuidv5(`fragment:${groupId}:${language}`, LEXHUB_NAMESPACE);
/**
 * A saved translation: one per alignment group, language and translation layer (its owner), so
 * a retried save finds the same row (server/translation/save.ts, carried forward by the importer).
 */
export const translationFragmentIdFor = (groupId: string, language: string, ownerId: string) =>
  uuidv5(`fragment:${groupId}:${language}:layer:${ownerId}`, LEXHUB_NAMESPACE);
export const spanIdFor = (fragmentId: string, start: number, end: number) =>
  uuidv5(`span:${fragmentId}:${start}:${end}`, LEXHUB_NAMESPACE);
export const tmUnitIdFor = (documentId: string, seq: number) => uuidv5(`tm:${documentId}:${seq}`, LEXHUB_NAMESPACE);

/** Whitespace folded and Unicode composed: two renderings of one text compare equal. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * The fragment's content identity: the same structural place holding the same normalized text
 * in the same language. `occurrence` tells apart identical texts repeated within one node.
 */
export function fragmentUidFor(language: string, path: string, normalizedText: string, occurrence: number): string {
  return createHash('sha256')
    .update(`${language}\u0000${path}\u0000${occurrence}\u0000${normalizedText}`)
    .digest('base64url')
    .slice(0, 32);
}

export function contentHashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
