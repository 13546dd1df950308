// Cleans free text users type into profiles and organizations: text is stored as given (the
// app renders it as text, never as HTML), but control characters are stripped — they break
// PostgreSQL (NUL), terminals and layouts and have no business in a name or a bio.

import { NAME_MAX_LENGTH } from '../../src/api/contract/auth.js';

// C0 and C1 controls; bidirectional overrides and isolates spoof how a name reads.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Tabs, CR, LF and Unicode's line and paragraph separators (NEL, VT and FF are controls below).
const LINE_BREAKS = /[\t\r\n\u2028\u2029]+/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
// Half of a surrogate pair: not text; the drivers would turn it into U+FFFD anyway.
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const strip = (value: string) =>
  value.replace(CONTROLS, '').replace(BIDI_CONTROLS, '').replace(LONE_SURROGATES, '\uFFFD');

/** One line of text (a name, a city): breaks and tabs become spaces, controls vanish, trimmed. */
export function cleanLine(value: string): string {
  return strip(value.replace(LINE_BREAKS, ' ')).trim();
}

/**
 * A person's first or last name: one line (as cleanLine), runs of spaces as one, at most `max`
 * characters (code points). Names reach account emails; a break in one put a paragraph of the
 * caller's choosing above the confirm button (issue 15).
 */
export function cleanName(value: string, max = NAME_MAX_LENGTH): string {
  return [...cleanLine(value).replace(/\s+/g, ' ')].slice(0, max).join('').trim();
}

/** Several lines (a bio): line breaks and tabs kept (CRLF as LF), other controls stripped, trimmed. */
export function cleanText(value: string): string {
  return strip(value.replace(/\r\n?/g, '\n')).trim();
}

/** An optional field: undefined stays (not given), null/'' (or nothing left after cleaning) clears. */
export function cleanOptional(
  value: string | null | undefined,
  clean: (text: string) => string = cleanLine,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const cleaned = clean(value);
  return cleaned === '' ? null : cleaned;
}
