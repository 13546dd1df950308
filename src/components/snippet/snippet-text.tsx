// A search snippet with its matched words in <mark>, built from text runs (never innerHTML).
import { snippetParts } from '../../lib/snippet-parts';
import type { Snippet } from '../../api/contract/search';
import './snippet-text.css';

export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippetParts(snippet.text, snippet.highlights).map((part, index) =>
        part.marked ? (
          <mark key={index} className="snippet-mark">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
