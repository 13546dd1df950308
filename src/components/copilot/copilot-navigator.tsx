// Follows the app path the Copilot asked for (tool.navigate, editor.open) through wouter, then
// clears the request; a refused address (outside the app, or one the browser will not take)
// becomes an error toast instead. The one place where realtime commands move the screen.
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { pendingNavigationAtom, refusedNavigationAtom } from '../../atoms/copilot/copilot.atoms';
import { useAtom, useSetAtom } from '../../atoms/store';
import { showToastAtom } from '../toast/toast.atoms';

export function CopilotNavigator() {
  const [pending, setPending] = useAtom(pendingNavigationAtom);
  const [refused, setRefused] = useAtom(refusedNavigationAtom);
  const showToast = useSetAtom(showToastAtom);
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    if (pending === null) return;
    setPending(null);
    // editor.open and tool.navigate often name the same address: one history entry is enough.
    const current = search ? `${location}?${search}` : location;
    if (pending === current) return;
    try {
      navigate(pending);
    } catch {
      // history.pushState throws on an address it will not take: refused, and the Copilot stays.
      showToast({ variant: 'error', title: { id: 'copilot.navigation.refused' }, description: { raw: pending } });
    }
  }, [pending, setPending, navigate, location, search, showToast]);

  useEffect(() => {
    if (refused === null) return;
    setRefused(null);
    showToast({
      variant: 'error',
      title: { id: 'copilot.navigation.refused' },
      description: { raw: `${refused.cmd}: ${refused.path}` },
    });
  }, [refused, setRefused, showToast]);

  return null;
}
