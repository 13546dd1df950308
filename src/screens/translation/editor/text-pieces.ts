// The editor's text cut into pieces: reference spans (links) and the highlighted range
// ?start&end, which may cross span borders. Pure, so the clamping rules are easy to test.
import type { z } from 'zod';
import type { Span } from '../../../api/contract/documents';

type SpanRow = z.output<typeof Span>;

export interface Range {
  start: number;
  end: number;
}

const INTEGER = /^-?\d+$/;

/**
 * The range the address asks to highlight, clamped to the text; undefined when either end is
 * missing or not a whole number, when it is reversed, or when nothing of the text is left.
 */
export function highlightRange(start: string | null, end: string | null, length: number): Range | undefined {
  if (start === null || end === null || !INTEGER.test(start.trim()) || !INTEGER.test(end.trim())) return undefined;
  const from = Number(start);
  const to = Number(end);
  if (to < from) return undefined;
  const clamped = { start: Math.max(0, Math.min(from, length)), end: Math.max(0, Math.min(to, length)) };
  return clamped.end > clamped.start ? clamped : undefined;
}

/** Spans in text order that fit the text, dropping any that overlap an earlier one. */
export function linkableSpans(text: string, spans: readonly SpanRow[]): SpanRow[] {
  const sorted = [...spans].sort((a, b) => a.abs_start - b.abs_start || b.abs_end - a.abs_end);
  const kept: SpanRow[] = [];
  let end = 0;
  for (const span of sorted) {
    if (span.abs_start < end || span.abs_start < 0 || span.abs_end > text.length || span.abs_end <= span.abs_start)
      continue;
    kept.push(span);
    end = span.abs_end;
  }
  return kept;
}

export interface TextPart {
  text: string;
  highlighted: boolean;
}

export interface TextPiece {
  /** The span this piece is, if any. */
  span?: SpanRow;
  start: number;
  /** The piece cut where the highlight begins or ends. */
  parts: TextPart[];
}

function partsOf(text: string, start: number, end: number, range: Range | undefined): TextPart[] {
  if (!range || range.end <= start || range.start >= end) return [{ text: text.slice(start, end), highlighted: false }];
  const cuts = [start, Math.max(start, range.start), Math.min(end, range.end), end];
  return [0, 1, 2]
    .map((index) => ({ text: text.slice(cuts[index], cuts[index + 1]), highlighted: index === 1 }))
    .filter((part) => part.text !== '');
}

/** The text as plain pieces and span pieces, each cut by the highlight. */
export function textPieces(text: string, spans: readonly SpanRow[], range: Range | undefined): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const span of linkableSpans(text, spans)) {
    if (span.abs_start > at) pieces.push({ start: at, parts: partsOf(text, at, span.abs_start, range) });
    pieces.push({ span, start: span.abs_start, parts: partsOf(text, span.abs_start, span.abs_end, range) });
    at = span.abs_end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ start: at, parts: partsOf(text, at, text.length, range) });
  return pieces;
}
