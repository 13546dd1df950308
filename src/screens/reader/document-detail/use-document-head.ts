// The document page's head: title, canonical link to the public address, and noindex outside
// the public context. Everything is put back on unmount.
import { useEffect } from 'react';

export interface DocumentHead {
  title?: string;
  /** The public path, e.g. /documents/{id}-{slug}; made absolute against the current origin. */
  canonicalPath?: string;
  noindex: boolean;
}

export function useDocumentHead({ title, canonicalPath, noindex }: DocumentHead) {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = `${title} · Lexhub`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!canonicalPath) return;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = new URL(canonicalPath, window.location.origin).href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [canonicalPath]);

  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [noindex]);
}
