// The first handle of a new user, from their name: `Jana Nováková` → `jana-novakova`, folded to
// the contract's handle alphabet, never a reserved word; collisions get -2, -3, ... or a suffix.
// Names are optional: without them the handle is random (`user-k3x9q2`), since handles are public
// and anything taken from the email (its local part) would reveal the address.
import { randomInt } from 'node:crypto';
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  HANDLE_PATTERN,
  RESERVED_HANDLES,
} from '../../src/api/contract/users.js';

/** The preferred handle for a name (always matches HANDLE_PATTERN and is not reserved). */
export function baseHandle(firstName: string, lastName: string): string {
  const folded = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Letters NFKD does not decompose.
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Room for a collision suffix such as "-12345".
  let handle = folded.slice(0, HANDLE_MAX_LENGTH - 6).replace(/-+$/, '');
  if (handle.length < HANDLE_MIN_LENGTH) handle = handle ? `${handle}-user` : 'user';
  if (isReserved(handle) || !HANDLE_PATTERN.test(handle)) handle = `${handle}-user`.slice(0, HANDLE_MAX_LENGTH);
  return handle;
}

/** `length` random characters of the handle alphabet's base36 part. */
export function randomBase36(length: number): string {
  return Array.from({ length }, () => randomInt(36).toString(36)).join('');
}

/**
 * Candidates in order of preference: base, base-2 ... base-9, then random suffixes; without a
 * name only random handles `user-` + 6 characters (the caller takes the first one free).
 */
export function* handleCandidates(
  firstName: string,
  lastName: string,
  random: (length: number) => string = randomBase36,
): Generator<string> {
  if (`${firstName}${lastName}`.trim() === '') {
    for (;;) yield `user-${random(6)}`;
  }
  const base = baseHandle(firstName, lastName);
  yield base;
  for (let n = 2; n <= 9; n += 1) yield `${base}-${n}`;
  for (;;) yield `${base}-${random(5)}`;
}

function isReserved(handle: string): boolean {
  return (RESERVED_HANDLES as readonly string[]).includes(handle);
}
