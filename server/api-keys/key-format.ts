// The shape of an API key secret, as GitHub's tokens: `lxh_` + 30 random base62 characters + the
// CRC32 of those 30 in 6 base62 characters. Secret scanners can match /\blxh_[0-9A-Za-z]{36}\b/,
// and a mistyped key fails the checksum before any database query.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const KEY_PREFIX = 'lxh_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
/** Shown in lists and events: `lxh_` and the first 8 random characters (never enough to use). */
export const DISPLAY_PREFIX_LENGTH = 12;
/** What a secret looks like, for scanners and for refusing keys in query strings. */
export const KEY_PATTERN = /\blxh_[0-9A-Za-z]{36}\b/;
const WHOLE_KEY = /^lxh_[0-9A-Za-z]{36}$/;

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

const checksumOf = (random: string) => base62(crc32(random), CHECKSUM_LENGTH);

/** A new secret: 30 characters from the CSPRNG (about 178 bits) and their checksum. */
export function newSecret(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** True when the text is a whole key whose checksum matches (a typo almost never does). */
export function isWellFormedKey(text: string): boolean {
  if (!WHOLE_KEY.test(text)) return false;
  const random = text.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  return text.slice(KEY_PREFIX.length + RANDOM_LENGTH) === checksumOf(random);
}

export const displayPrefixOf = (secret: string) => secret.slice(0, DISPLAY_PREFIX_LENGTH);

/** Only this digest is stored; a fast hash is right for 178 random bits (nothing to brute-force). */
export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
