// A fragment's text with its reference spans: references to a node of this document become
// links that select it; references to other acts are emphasized, with the citation as a title.
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@radix-ui/themes';
import type { SpanRow } from '../../machines/reader/text-loading.machine';

export interface SpanTextProps {
  text: string;
  spans?: readonly SpanRow[];
  nodeHref: (nodeId: string) => string;
  onSelectNode: (nodeId: string) => void;
}

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

export function SpanText({ text, spans = [], nodeHref, onSelectNode }: SpanTextProps) {
  const intl = useIntl();
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const span of usableSpans(text, spans)) {
    if (span.abs_start > at) pieces.push(text.slice(at, span.abs_start));
    const value = text.slice(span.abs_start, span.abs_end);
    const target = span.metadata.target_node_id;
    if (target) {
      const follow = (event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSelectNode(target);
      };
      pieces.push(
        <Link
          key={span.id}
          href={nodeHref(target)}
          onClick={follow}
          title={intl.formatMessage({ id: 'reader.text.reference' }, { value })}
        >
          {value}
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
          {value}
        </em>,
      );
    }
    at = span.abs_end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
