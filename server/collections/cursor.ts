// Keyset cursors of the collection lists: the sort key of the last row, as opaque base64url JSON.
import { isUuid } from '../../src/shared/uuid.js';
import { validationFailed } from '../http/errors.js';

export const encodeCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key of a cursor whose parts have the given types; 400 validation_failed (cursor) otherwise. */
type Part = 'text' | 'int' | 'uuid';
const PART_CHECKS: Record<Part, (value: unknown) => boolean> = {
  // NUL is no text PostgreSQL stores; the bound keeps a cursor from being a payload.
  text: (value) => typeof value === 'string' && value.length <= 200 && !value.includes('\u0000'),
  // A PostgreSQL integer: a larger one would fail the query's ::int cast (a 500, not a 400).
  int: (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647,
  uuid: (value) => typeof value === 'string' && isUuid(value),
};

export function decodeCursor<T extends (string | number)[]>(cursor: string, parts: readonly Part[]): T {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validationFailed('cursor', 'not a cursor of this list');
  }
  const fits =
    Array.isArray(key) && key.length === parts.length && key.every((part, i) => PART_CHECKS[parts[i]!](part));
  if (!fits) throw validationFailed('cursor', 'not a cursor of this list');
  return key as T;
}
