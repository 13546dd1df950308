// Where the shell puts its toasts: the toast region (Radix Toast) loads with the first toast,
// not with every page.
import { lazy, Suspense } from 'react';
import { useAtomValue } from '../../atoms/store';
import { useOnceTrue } from '../../lib/use-once-true';
import { toastsAtom } from './toast.atoms';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

export function ToastRegion() {
  const wanted = useOnceTrue(useAtomValue(toastsAtom).length > 0);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
