// Sets the browser tab's title for a screen: "<page> · Lexhub", or "Lexhub" alone.
import { useEffect } from 'react';

export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Lexhub` : 'Lexhub';
  }, [title]);
}
