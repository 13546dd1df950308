// Password hashing with argon2id (@node-rs/argon2 runs it on libuv's thread pool, so the event
// loop stays free). OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane (~50 ms here).
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';

const OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// libuv's pool has 4 threads: four hashes at once would take every core of a small machine from
// the event loop and every other request would wait. One core always stays for the rest.
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}

// Verified against when the email is unknown, so that answer takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyDummyPassword(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}

/** Computes the dummy hash ahead of the first login (called at start-up). */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('lexhub-dummy-password-for-timing');
  return dummyHash;
}
