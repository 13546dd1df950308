// Marks the hits of the reader's find in a text, with the same folding the server counts with
// (src/shared/find-text.ts). The rows' span-text renders through `markHits`, so reference links,
// footnote markers and highlights coexist; `Highlight` marks a plain text.
import { Fragment, type ReactNode } from 'react';
import { findHits, type TextHit } from '../../shared/find-text';

/** The hits of a query in a text; none for an empty query. */
export const hitsOf = (text: string, query: string): TextHit[] => (query.trim() === '' ? [] : findHits(text, query));

/**
 * The text between `from` and `to` with every hit (or part of one) inside it in a <mark>; the hit
 * numbered `current` marked as the current one. A hit cut by a link or a footnote marker is marked
 * in each piece, with the same number.
 */
export function markHits(
  text: string,
  from: number,
  to: number,
  hits: readonly TextHit[],
  current: number | undefined,
  keyPrefix: string,
): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = from;
  hits.forEach((hit, index) => {
    const start = Math.max(hit.start, from);
    const end = Math.min(hit.end, to);
    if (end <= start) return;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark
        key={`${keyPrefix}-m${start}`}
        className="find-hit"
        data-hit={index}
        data-current={index === current || undefined}
      >
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < to) parts.push(text.slice(at, to));
  return parts;
}

export function Highlight({ text, query, current }: { text: string; query: string; current?: number }) {
  return (
    <>
      {markHits(text, 0, text.length, hitsOf(text, query), current, 'h').map((part, index) =>
        typeof part === 'string' ? <Fragment key={`t${index}`}>{part}</Fragment> : part,
      )}
    </>
  );
}
