// The live connection's badge in the panel's header: Connecting…, Disconnected, or Connected for
// 5 s after connecting (the live-connection machine's named delay), then hidden.
import { Badge } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { liveBadgeVisibleAtom, liveStatusAtom } from '../../atoms/copilot/live.atoms';
import { useAtomValue } from '../../atoms/store';

const COLORS = { connected: 'green', connecting: 'amber', disconnected: 'red' } as const;

export function CopilotStatusBadge() {
  const status = useAtomValue(liveStatusAtom);
  const visible = useAtomValue(liveBadgeVisibleAtom);
  const shown = status === 'idle' ? 'disconnected' : status;
  return (
    <span role="status" className="copilot-status">
      {visible && (
        <Badge color={COLORS[shown]} variant="soft" radius="full" highContrast data-status={shown}>
          <FormattedMessage id={`copilot.status.${shown}`} />
        </Badge>
      )}
    </span>
  );
}
