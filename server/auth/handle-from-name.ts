// The first handle of a new user, from their name: `Jana Nováková` → `jana-novakova`, folded to
// the contract's handle alphabet, never a reserved word; collisions get -2, -3, ... or a suffix.
// Names are optional: without them the email's local part stands in (`jana.n@...` → `jana-n`).
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  HANDLE_PATTERN,
  RESERVED_HANDLES,
} from '../../src/api/contract/users.js';

/** The name a handle is made from: the person's name, else the local part of their email. */
export function handleName(
  firstName: string,
  lastName: string,
  email: string,
): { firstName: string; lastName: string } {
  if (`${firstName}${lastName}`.trim() !== '') return { firstName, lastName };
  return { firstName: email.split('@')[0] ?? '', lastName: '' };
}

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

/** Candidates in order of preference: base, base-2 ... base-9, then random suffixes. */
export function* handleCandidates(firstName: string, lastName: string, random: () => string): Generator<string> {
  const base = baseHandle(firstName, lastName);
  yield base;
  for (let n = 2; n <= 9; n += 1) yield `${base}-${n}`;
  for (;;) yield `${base}-${random()}`;
}

function isReserved(handle: string): boolean {
  return (RESERVED_HANDLES as readonly string[]).includes(handle);
}
