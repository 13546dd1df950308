// A fragment's text with its reference spans: references to a node of this document become
// links that select it; references to other acts are emphasized, with the citation as a title.
// Footnote markers the source typed after a word ('Evropské unie1)') become linked superscripts
// to the act's footnotes. The find's hits are marked inside all of them (<mark>, the current one
// distinct), so links, footnotes and highlights coexist.
import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@radix-ui/themes';
import type { SpanRow } from '../../machines/reader/text-loading.machine';
import { hitsOf, markHits } from '../find-in-document/highlight';

export interface SpanTextProps {
  text: string;
  spans?: readonly SpanRow[];
  nodeHref: (nodeId: string) => string;
  onSelectNode: (nodeId: string) => void;
  /** The node holding the footnotes; without it markers stay as typed. */
  footnotesNodeId?: string;
  /** The find's query: its hits are marked. */
  query?: string;
  /** Which of this text's hits is the current one (0-based). */
  currentHit?: number;
}

/** A footnote marker: digits and ')' straight after a letter, before a space, a stop or the end. */
const FOOTNOTE = /(?<=\p{L})(\d{1,3})\)(?=[\s,.;:]|$)/gu;

/** Spans in text order, dropping any that overlap an earlier one or fall outside the text. */
export function usableSpans(text: string, spans: readonly SpanRow[]): SpanRow[] {
  const sorted = [...spans].sort((a, b) => a.abs_start - b.abs_start || b.abs_end - a.abs_end);
  const kept: SpanRow[] = [];
  let end = 0;
  for (const span of sorted) {
    if (span.abs_start < end || span.abs_end > text.length || span.abs_end <= span.abs_start) continue;
    const linkable = span.metadata.target_node_id || span.metadata.external;
    if (!linkable) continue;
    kept.push(span);
    end = span.abs_end;
  }
  return kept;
}

export function SpanText(props: SpanTextProps) {
  const { text, spans = [], nodeHref, onSelectNode, footnotesNodeId, query = '', currentHit } = props;
  const intl = useIntl();
  const pieces: ReactNode[] = [];
  const hits = hitsOf(text, query);
  /** The text between two places, its hits marked. */
  const marked = (from: number, to: number): ReactNode[] =>
    hits.length === 0 ? [text.slice(from, to)] : markHits(text, from, to, hits, currentHit, `p${from}`);
  const follow = (target: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelectNode(target);
  };
  /** Plain text, with its footnote markers linked. */
  const plain = (from: number, to: number) => {
    const piece = text.slice(from, to);
    if (!footnotesNodeId) return pieces.push(...marked(from, to));
    let last = 0;
    for (const match of piece.matchAll(FOOTNOTE)) {
      const number = match[1]!;
      pieces.push(...marked(from + last, from + match.index));
      pieces.push(
        <sup key={`fn-${from + match.index}`} className="reader-footnote">
          <a
            href={nodeHref(footnotesNodeId)}
            onClick={follow(footnotesNodeId)}
            aria-label={intl.formatMessage({ id: 'reader.text.footnote' }, { number })}
          >
            {number})
          </a>
        </sup>,
      );
      last = match.index + match[0].length;
    }
    return pieces.push(...marked(from + last, to));
  };
  let at = 0;
  for (const span of usableSpans(text, spans)) {
    if (span.abs_start > at) plain(at, span.abs_start);
    const value = text.slice(span.abs_start, span.abs_end);
    const target = span.metadata.target_node_id;
    if (target) {
      pieces.push(
        <Link
          key={span.id}
          // Not by colour alone: a reference reads as a link in both themes.
          underline="always"
          href={nodeHref(target)}
          onClick={follow(target)}
          title={intl.formatMessage({ id: 'reader.text.reference' }, { value })}
        >
          {marked(span.abs_start, span.abs_end)}
        </Link>,
      );
    } else {
      pieces.push(
        <em
          key={span.id}
          className="reader-external-reference"
          title={intl.formatMessage(
            { id: 'reader.text.externalReference' },
            { value: span.metadata.citation ?? value },
          )}
        >
          {marked(span.abs_start, span.abs_end)}
        </em>,
      );
    }
    at = span.abs_end;
  }
  if (at < text.length) plain(at, text.length);
  return <>{pieces}</>;
}
