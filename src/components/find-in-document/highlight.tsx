// Marks the hits of the reader's find in a text, with the same folding the server counts with
// (src/shared/find-text.ts): a row renders <Highlight text={text} query={useAtomValue(findQueryAtom)} />.
import { Fragment } from 'react';
import { findHits } from '../../shared/find-text';

export function Highlight({ text, query, current = false }: { text: string; query: string; current?: boolean }) {
  const hits = query.trim() === '' ? [] : findHits(text, query);
  if (hits.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  hits.forEach((hit, index) => {
    if (hit.start > at) parts.push(<Fragment key={`t${index}`}>{text.slice(at, hit.start)}</Fragment>);
    parts.push(
      <mark key={`m${index}`} className="find-hit" data-current={current || undefined}>
        {text.slice(hit.start, hit.end)}
      </mark>,
    );
    at = hit.end;
  });
  if (at < text.length) parts.push(<Fragment key="end">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
