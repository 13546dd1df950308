// Prompt hygiene shared by the web app (before sending) and the chat service (again, before any
// model sees the text): sensitive values become placeholders such as [EMAIL] or [SECRET].
// Pure and DOM-free so both sides run the same code.

export type RedactionKind = 'secret' | 'email' | 'uuid' | 'iban' | 'card' | 'phone' | 'number';

export const REDACTION_KINDS: readonly RedactionKind[] = ['secret', 'email', 'uuid', 'iban', 'card', 'phone', 'number'];

export const PLACEHOLDERS: Record<RedactionKind, string> = {
  secret: '[SECRET]',
  email: '[EMAIL]',
  uuid: '[UUID]',
  iban: '[IBAN]',
  card: '[CARD]',
  phone: '[PHONE]',
  number: '[NUMBER]',
};

export interface RedactionResult {
  text: string;
  /** How many values were replaced in all. */
  redactions: number;
  byKind: Record<RedactionKind, number>;
}

// Words after which a secret follows ("password: ...", "Bearer ...", "api_key=..."); longest
// first so that "api key" wins over "api". Czech "heslo"/"klíč" too: the users write Czech.
const SECRET_WORDS = [
  'x-api-key',
  'api[_ -]?key',
  'apikey',
  'access[_-]?token',
  'refresh[_-]?token',
  'auth[_-]?token',
  'client[_-]?secret',
  'secret[_-]?key',
  'private[_-]?key',
  'authorization',
  'password',
  'passwd',
  'bearer',
  'secret',
  'token',
  'heslo',
  'klíč',
  'pwd',
  'api',
  'key',
].join('|');
// keyword, separator (":" / "=" / spaces, optionally "is"/"je"), optional quote, the value (8+
// characters that may appear in keys and tokens, not ending in sentence punctuation).
const SECRET = new RegExp(
  `(?<![\\p{L}\\p{N}_])(${SECRET_WORDS})(?![\\p{L}\\p{N}])((?:\\s*[:=]\\s*|\\s+)(?:(?:is|je)\\s+)?["'\`]?)([A-Za-z0-9_\\-.+/=~!@#$%^&*]{7,}[A-Za-z0-9_\\-+/=~!@#$%^&*])`,
  'giu',
);
const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;
const UUID =
  /(?<![0-9a-fA-F])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9a-fA-F])/g;
// Country, check digits, then the account in groups of four (spaces optional); confirmed by mod 97.
const IBAN = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\p{L}\p{N}])/gu;
// 13–19 digits: in groups of four (Visa, Mastercard), 4-6-5 (Amex) or contiguous.
const CARD = /(?<!\d)(?:\d{4}(?:[ -]\d{4}){2}[ -]\d{1,7}|\d{4}[ -]\d{6}[ -]\d{5}|\d{13,19})(?!\d)/g;
// International (+420 603 123 456, 0049 30 1234567) or the local 3-3-3 groups (603 123 456, 603-123-4567)
// and (555) 123-4567; the digit count (9–15) is checked in code.
const PHONE =
  /(?:(?<![\p{L}\p{N}+])(?:\+|00)\d{1,3}(?:[ .-]?(?:\(\d{1,4}\)|\d{1,4})){2,7}|(?<![\p{N}])\(\d{2,4}\) ?\d{3}[ .-]?\d{3,4}|(?<![\p{N}.,/])\d{3}[ .-]\d{3}[ .-]\d{3,4})(?![\p{N}])/gu;
const NUMBER = /(?<!\d)\d{9,}(?!\d)/g;

const digitCount = (value: string) => value.replace(/\D/g, '').length;

function validIban(value: string): boolean {
  const compact = value.replace(/ /g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Replace sensitive values by placeholders; idempotent (placeholders are never matched again). */
export function redactPrompt(input: string): RedactionResult {
  const byKind = Object.fromEntries(REDACTION_KINDS.map((kind) => [kind, 0])) as Record<RedactionKind, number>;
  const hit = (kind: RedactionKind) => {
    byKind[kind] += 1;
    return PLACEHOLDERS[kind];
  };
  let text = input;
  text = text.replace(SECRET, (match, word: string, separator: string, value: string) => {
    // After a bare space ("the key provisions") only a value that looks generated counts.
    const explicit = /[:=]/.test(separator);
    if (!explicit && !/[^A-Za-z]/.test(value)) return match;
    return `${word}${separator}${hit('secret')}`;
  });
  text = text.replace(EMAIL, () => hit('email'));
  text = text.replace(UUID, () => hit('uuid'));
  text = text.replace(IBAN, (match) => (validIban(match) ? hit('iban') : match));
  text = text.replace(CARD, () => hit('card'));
  text = text.replace(PHONE, (match) => {
    const digits = digitCount(match);
    return digits >= 9 && digits <= 15 ? hit('phone') : match;
  });
  text = text.replace(NUMBER, () => hit('number'));
  const redactions = REDACTION_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
  return { text, redactions, byKind };
}

const ANY_PLACEHOLDER = /\[(?:SECRET|EMAIL|UUID|IBAN|CARD|PHONE|NUMBER)\]/g;

/** True when nothing but placeholders, whitespace and punctuation is left: such a prompt is not sent. */
export function onlyPlaceholders(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text.replace(ANY_PLACEHOLDER, ''));
}
