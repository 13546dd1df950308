// A search snippet as text runs, each marked or not, from the server's highlight ranges: the text
// is rendered as text (never markup), and ranges out of bounds, empty or overlapping are dropped.
import type { Highlight } from '../api/contract/search';

export interface SnippetPart {
  text: string;
  marked: boolean;
}

export function snippetParts(text: string, highlights: readonly Highlight[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  const ranges = [...highlights].sort((a, b) => a.start - b.start);
  for (const { start, end } of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push({ text: text.slice(at, from), marked: false });
    parts.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
