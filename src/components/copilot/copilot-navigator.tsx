// Follows the address the Copilot asked for (tool.navigate, editor.open) through wouter, then
// clears the request. The one place where realtime commands move the screen.
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { pendingNavigationAtom } from '../../atoms/copilot/copilot.atoms';
import { useAtom } from '../../atoms/store';

export function CopilotNavigator() {
  const [pending, setPending] = useAtom(pendingNavigationAtom);
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    if (pending === null) return;
    setPending(null);
    // editor.open and tool.navigate often name the same address: one history entry is enough.
    const current = search ? `${location}?${search}` : location;
    if (pending !== current) navigate(pending);
  }, [pending, setPending, navigate, location, search]);

  return null;
}
