// The quick search as the shell mounts it: the Ctrl+K / ⌘K shortcut always, the dialog from the
// first time it is asked for (the shortcut, the header box, the Copilot), loaded then.
import { lazy, Suspense, useCallback } from 'react';
import { quickSearchOpenAtom } from '../../atoms/reader/quick-search.atoms';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { useOnceTrue } from '../../lib/use-once-true';
import { useQuickSearchShortcut } from './use-quick-search-shortcut';

const QuickSearchDialog = lazy(() =>
  import('./quick-search-dialog').then((module) => ({ default: module.QuickSearchDialog })),
);

export function QuickSearchRoot() {
  const setOpen = useSetAtom(quickSearchOpenAtom);
  const wanted = useOnceTrue(useAtomValue(quickSearchOpenAtom));
  const openDialog = useCallback(() => setOpen(true), [setOpen]);
  // Once the dialog is here it handles the shortcut itself (and selects the query).
  useQuickSearchShortcut(wanted ? noop : openDialog);

  return wanted ? (
    <Suspense fallback={null}>
      <QuickSearchDialog />
    </Suspense>
  ) : null;
}

function noop() {}
