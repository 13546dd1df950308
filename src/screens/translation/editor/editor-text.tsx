// The fragment's text: reference spans as links to the reader at their target node, others
// emphasized with their citation, and the ?start&end range highlighted (scrolled into view).
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Link, Text, VisuallyHidden } from '@radix-ui/themes';
import type { z } from 'zod';
import type { Span } from '../../../api/contract/documents';
import type { FragmentPlace } from '../../../machines/translation/editor-fragment.machine';
import { readerHref } from './fragment-place';
import { textPieces, type Range, type TextPart } from './text-pieces';

interface EditorTextProps {
  text: string;
  language: string;
  documentId: string;
  /** The fragment's version: its references open in the reader at that version. */
  place?: FragmentPlace;
  spans: readonly z.output<typeof Span>[];
  range?: Range;
}

export function EditorText({ text, language, documentId, place, spans, range }: EditorTextProps) {
  const intl = useIntl();
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (range) box.current?.querySelector('mark')?.scrollIntoView({ block: 'nearest' });
  }, [range]);
  const marker = intl.formatMessage({ id: 'translation.editor.source.highlighted' });
  const parts = (list: TextPart[]) =>
    list.map((part, index) =>
      part.highlighted ? (
        <mark key={index} data-testid="editor-highlight">
          <VisuallyHidden>{`${marker} `}</VisuallyHidden>
          {part.text}
        </mark>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    );
  return (
    <Text as="p" size="3" className="translation-editor-text" lang={language} data-testid="editor-text" ref={box}>
      {textPieces(text, spans, range).map((piece) => {
        const { span } = piece;
        const value = span ? text.slice(span.abs_start, span.abs_end) : '';
        if (span?.metadata.target_node_id) {
          return (
            <Link asChild key={piece.start}>
              <RouterLink
                href={readerHref(documentId, place, span.metadata.target_node_id)}
                title={intl.formatMessage({ id: 'reader.text.reference' }, { value })}
                data-testid="editor-span-link"
              >
                {parts(piece.parts)}
              </RouterLink>
            </Link>
          );
        }
        if (span) {
          return (
            <em
              key={piece.start}
              className="reader-external-reference"
              title={intl.formatMessage(
                { id: 'reader.text.externalReference' },
                { value: span.metadata.citation ?? value },
              )}
            >
              {parts(piece.parts)}
            </em>
          );
        }
        return <span key={piece.start}>{parts(piece.parts)}</span>;
      })}
    </Text>
  );
}
