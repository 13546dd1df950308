// The button that opens the Copilot panel (tooltip 'Open Copilot'): floating at the bottom right
// on a phone, docked at the header's right end on wide screens (copilot.css). Hidden while the
// panel is open; it takes the focus back when the panel closes.
import { useEffect, useRef } from 'react';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { useIntl } from 'react-intl';
import { copilotPanelOpenAtom, setCopilotPanelOpenAtom } from '../../atoms/copilot/copilot.atoms';
import { isNarrowScreenAtom } from '../../atoms/shell/sidebar.atoms';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { COPILOT_PANEL_ID } from './copilot-panel-id';

export const COPILOT_BUTTON_ID = 'copilot-button';

export function CopilotButton() {
  const intl = useIntl();
  const open = useAtomValue(copilotPanelOpenAtom);
  const setOpen = useSetAtom(setCopilotPanelOpenAtom);
  const narrow = useAtomValue(isNarrowScreenAtom);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  const label = intl.formatMessage({ id: 'copilot.button.open' });

  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className="copilot-fab" hidden={open}>
      <Tooltip content={label} side={narrow ? 'left' : 'bottom'}>
        <IconButton
          id={COPILOT_BUTTON_ID}
          ref={buttonRef}
          size="4"
          radius="full"
          aria-label={label}
          aria-expanded={open}
          aria-controls={COPILOT_PANEL_ID}
          onClick={() => setOpen(true)}
        >
          <ChatBubbleIcon width="22" height="22" />
        </IconButton>
      </Tooltip>
    </div>
  );
}
