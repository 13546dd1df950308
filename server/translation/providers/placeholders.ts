// Reference spans, numbers and dates travel to a provider as placeholders and are put back
// verbatim afterwards, so no provider can change a citation or a figure. DeepL gets XML tags
// (`<x id="1"/>`, the rest escaped, tag_handling=xml); the others `@@PH1@@` tokens.
import type { PlaceholderStyle } from './provider.js';

export interface Placeholder {
  id: number;
  /** The source text it stands for. */
  text: string;
}

export interface ProtectedText {
  style: PlaceholderStyle;
  /** What the provider gets. */
  text: string;
  placeholders: Placeholder[];
}

export interface RestoredText {
  text: string;
  /** Placeholders the provider's output no longer has (their text is missing from `text`). */
  lost: Placeholder[];
}

/** A character range of the source text, end exclusive (a span's abs_start/abs_end). */
export interface Range {
  start: number;
  end: number;
}

/**
 * Dates written with digits only ('1. 1. 2020', '2020-01-01') are one placeholder; a date with
 * a month name keeps the name for the provider to translate, its day and year travel as numbers.
 */
const NUMERIC_DATES = [/\b\d{4}-\d{2}-\d{2}\b/g, /\b\d{1,2}\.\s*\d{1,2}\.\s*\d{4}\b/g];
const NUMBERS = /\d+(?:[.,]\d+)*/g;

const overlaps = (taken: Range[], range: Range) => taken.some((t) => range.start < t.end && t.start < range.end);

/** The ranges to protect, in text order: spans first, then numeric dates, then numbers elsewhere. */
export function protectedRanges(text: string, spans: readonly Range[]): Range[] {
  const taken: Range[] = [];
  const add = (range: Range) => {
    if (range.start < range.end && !overlaps(taken, range)) taken.push(range);
  };
  for (const span of [...spans].sort((a, b) => a.start - b.start || b.end - a.end))
    add({ start: Math.max(0, span.start), end: Math.min(text.length, span.end) });
  for (const pattern of [...NUMERIC_DATES, NUMBERS])
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags)))
      add({ start: match.index, end: match.index + match[0].length });
  return taken.sort((a, b) => a.start - b.start);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A character reference's text, or the reference as written when it names no character (a provider's bad XML). */
const fromCodePoint = (code: number, entity: string) =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : entity;
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return fromCodePoint(parseInt(name.slice(2), 16), entity);
    if (name.startsWith('#')) return fromCodePoint(Number(name.slice(1)), entity);
    return XML_ENTITIES[name.toLowerCase()] ?? entity;
  });

const marker = (style: PlaceholderStyle, id: number) => (style === 'xml' ? `<x id="${id}"/>` : `@@PH${id}@@`);
/** A placeholder as providers return it: `<x id="1"/>`, `<x id="1"></x>`; `@@PH1@@`, also `@@ PH1 @@`. */
const MARKERS: Record<PlaceholderStyle, RegExp> = {
  xml: /<x\s+id\s*=\s*["'](\d+)["']\s*(?:\/>|>\s*<\/x\s*>)/g,
  token: /@@\s*PH\s*(\d+)\s*@@/g,
};

export function protect(text: string, spans: readonly Range[], style: PlaceholderStyle): ProtectedText {
  const escape = style === 'xml' ? escapeXml : (part: string) => part;
  const placeholders: Placeholder[] = [];
  let out = '';
  let at = 0;
  for (const range of protectedRanges(text, spans)) {
    const placeholder = { id: placeholders.length + 1, text: text.slice(range.start, range.end) };
    placeholders.push(placeholder);
    out += escape(text.slice(at, range.start)) + marker(style, placeholder.id);
    at = range.end;
  }
  return { style, text: out + escape(text.slice(at)), placeholders };
}

/** The provider's output with every placeholder put back; unknown ones are dropped. */
export function restore(output: string, sent: ProtectedText): RestoredText {
  const byId = new Map(sent.placeholders.map((p) => [p.id, p]));
  const unescape = sent.style === 'xml' ? unescapeXml : (part: string) => part;
  const seen = new Set<number>();
  let text = '';
  let at = 0;
  for (const match of output.matchAll(new RegExp(MARKERS[sent.style].source, 'g'))) {
    const placeholder = byId.get(Number(match[1]));
    text += unescape(output.slice(at, match.index)) + (placeholder?.text ?? '');
    if (placeholder) seen.add(placeholder.id);
    at = match.index + match[0].length;
  }
  text += unescape(output.slice(at));
  return { text, lost: sent.placeholders.filter((p) => !seen.has(p.id)) };
}
