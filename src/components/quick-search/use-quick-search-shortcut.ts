// The global Ctrl+K / ⌘K shortcut that opens the quick search from anywhere in the app.
import { useEffect } from 'react';

/** True for Ctrl+K, and for ⌘K on macOS (metaKey), without Alt or Shift. */
export function isQuickSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

export function useQuickSearchShortcut(onShortcut: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isQuickSearchShortcut(event)) return;
      // Otherwise the browser focuses its own address or search bar.
      event.preventDefault();
      onShortcut();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onShortcut]);
}
