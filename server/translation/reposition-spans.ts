// A source fragment's reference spans carried into its saved translation: each span's cited text
// ('§ 10a', '2016/679') placed where it occurs in the translation, dropped where it does not.
export interface SourceSpan<M> {
  start: number;
  end: number;
  metadata: M;
}

/**
 * Spans in source order, each at the first occurrence of its source slice in `target` that no
 * span placed before it overlaps (a citation repeated twice in the source takes its two places in
 * the translation). Offsets are UTF-16 code units, as the importers' are. Not found: dropped, as a
 * translator may word a citation differently ('čl. 54' → 'Article 54').
 */
export function repositionSpans<M>(
  sourceText: string,
  spans: readonly SourceSpan<M>[],
  target: string,
): SourceSpan<M>[] {
  const placed: SourceSpan<M>[] = [];
  const ordered = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const span of ordered) {
    const cited = sourceText.slice(span.start, span.end);
    if (cited.trim() === '' || span.end <= span.start) continue;
    for (let at = target.indexOf(cited); at !== -1; at = target.indexOf(cited, at + 1)) {
      const end = at + cited.length;
      if (placed.every((other) => end <= other.start || at >= other.end)) {
        placed.push({ start: at, end, metadata: span.metadata });
        break;
      }
    }
  }
  return placed.sort((a, b) => a.start - b.start);
}
