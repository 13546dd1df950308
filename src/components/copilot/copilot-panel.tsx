// The Copilot panel: a labelled complementary region on the right (420 px, below the header),
// with the live status badge, the tabs Copilot (warnings, conversation, the Copilot's activity,
// prompt) and History (past conversations; a login prompt for anonymous readers). Escape closes it; focus moves in on open (the button takes it back).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button, Callout, Flex, Heading, IconButton, Tabs, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { Cross2Icon, ExclamationTriangleIcon, InfoCircledIcon, TrashIcon } from '@radix-ui/react-icons';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { copilotPanelOpenAtom, setCopilotPanelOpenAtom } from '../../atoms/copilot/copilot.atoms';
import { liveProblemAtom } from '../../atoms/copilot/live.atoms';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { selectSending, selectTemplatesUnavailable } from '../../machines/copilot/copilot-chat.machine';
import { useCopilotChat } from './copilot-chat-context';
import { ErrorBoundary } from '../shell/error-boundary';
import { CopilotEventsList } from './copilot-events-list';
import { CopilotFailed } from './copilot-failed';
import { CopilotHistoryTab } from './copilot-history-tab';
import { CopilotInput } from './copilot-input';
import { CopilotLoginPrompt } from './copilot-login-prompt';
import { CopilotMessageList } from './copilot-message-list';
import { COPILOT_PANEL_ID } from './copilot-panel-id';
import { CopilotStatusBadge } from './copilot-status-badge';

/** Always in the document (the button's aria-controls points at it); its content only while open. */
export function CopilotPanel() {
  const open = useAtomValue(copilotPanelOpenAtom);
  const setOpen = useSetAtom(setCopilotPanelOpenAtom);
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <aside
      id={COPILOT_PANEL_ID}
      ref={panelRef}
      className="copilot-panel"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      {/* A failing reply or command shows its failure here; the page and the button stay (reopening retries). */}
      <ErrorBoundary
        resetKey={String(open)}
        fallback={(retry) => <CopilotFailed titleId={titleId} onRetry={retry} onClose={() => setOpen(false)} />}
      >
        {open && <CopilotPanelBody titleId={titleId} panelRef={panelRef} />}
      </ErrorBoundary>
    </aside>
  );
}

function CopilotPanelBody({ titleId, panelRef }: { titleId: string; panelRef: RefObject<HTMLElement | null> }) {
  const intl = useIntl();
  const chat = useCopilotChat();
  const setOpen = useSetAtom(setCopilotPanelOpenAtom);
  const user = useAtomValue(currentUserAtom);
  const templatesUnavailable = useSelector(chat, selectTemplatesUnavailable);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const anonymous = user === null;

  useEffect(() => {
    chat.send({ type: 'chat.activate' });
  }, [chat]);

  // Focus into the panel: the prompt when it can be used, else the panel itself.
  useEffect(() => {
    const input = inputRef.current;
    if (input && !input.disabled) input.focus();
    else panelRef.current?.focus();
  }, [panelRef]);

  return (
    <>
      <Flex align="center" justify="between" gap="2" className="copilot-panel-header">
        <Flex align="center" gap="2">
          <Heading as="h2" size="4" id={titleId}>
            <FormattedMessage id="copilot.title" />
          </Heading>
          <CopilotStatusBadge />
        </Flex>
        <Flex align="center" gap="3">
          <Tooltip content={intl.formatMessage({ id: 'copilot.clear' })}>
            <IconButton
              variant="ghost"
              color="gray"
              aria-label={intl.formatMessage({ id: 'copilot.clear' })}
              onClick={() => chat.send({ type: 'chat.clear' })}
            >
              <TrashIcon />
            </IconButton>
          </Tooltip>
          <Tooltip content={intl.formatMessage({ id: 'copilot.close' })}>
            <IconButton
              variant="ghost"
              color="gray"
              aria-label={intl.formatMessage({ id: 'copilot.close' })}
              onClick={() => setOpen(false)}
            >
              <Cross2Icon />
            </IconButton>
          </Tooltip>
        </Flex>
      </Flex>

      <Tabs.Root defaultValue="copilot" className="copilot-tabs">
        <Tabs.List size="1">
          <Tabs.Trigger value="copilot">
            <FormattedMessage id="copilot.tabs.copilot" />
          </Tabs.Trigger>
          <Tabs.Trigger value="history">
            <FormattedMessage id="copilot.tabs.history" />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="copilot" className="copilot-tab">
          <div className="copilot-scroll">
            <Flex direction="column" gap="3">
              {anonymous && <LoginWarning />}
              {templatesUnavailable && (
                <Callout.Root color="amber" size="1">
                  <Callout.Icon>
                    <ExclamationTriangleIcon />
                  </Callout.Icon>
                  <Callout.Text>
                    <FormattedMessage id="copilot.error.templates" />{' '}
                    <Button size="1" variant="soft" color="amber" onClick={() => chat.send({ type: 'chat.reload' })}>
                      <FormattedMessage id="copilot.templates.retry" />
                    </Button>
                  </Callout.Text>
                </Callout.Root>
              )}
              {!anonymous && <LiveProblem />}
              <CopilotMessageList />
              <CopilotEventsList />
            </Flex>
          </div>
          <CopilotInput ref={inputRef} canSend={user != null} />
        </Tabs.Content>
        <Tabs.Content value="history" className="copilot-tab">
          {/* History is stored per user: an anonymous reader is asked to log in instead. */}
          {anonymous ? (
            <div className="copilot-scroll">
              <LoginWarning />
            </div>
          ) : (
            <CopilotHistoryTab />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <StreamingAnnouncer />
    </>
  );
}

function LoginWarning() {
  return (
    <Callout.Root color="amber" size="1" data-testid="copilot-login-warning">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>
        <CopilotLoginPrompt linkWeight="medium" />
      </Callout.Text>
    </Callout.Root>
  );
}

/** Why the live channel is not connected, when that is worth saying (the badge says that it is not). */
function LiveProblem() {
  const problem = useAtomValue(liveProblemAtom);
  if (!problem || problem.kind === 'closed') return null;
  return (
    <Callout.Root color={problem.kind === 'loginRequired' ? 'amber' : 'red'} size="1">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        {problem.kind === 'loginRequired' && <CopilotLoginPrompt />}
        {problem.kind === 'forbidden' && <FormattedMessage id="copilot.error.forbidden" />}
        {problem.kind === 'wsToken' && (
          <FormattedMessage id="copilot.error.wsToken" values={{ status: problem.error.status }} />
        )}
      </Callout.Text>
    </Callout.Root>
  );
}

/** A polite live region: once when an answer starts and once when it ends, not every token. */
function StreamingAnnouncer() {
  const chat = useCopilotChat();
  const sending = useSelector(chat, selectSending);
  const [announcement, setAnnouncement] = useState<'answering' | 'answered' | null>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) setAnnouncement('answering');
    else if (wasSending.current) setAnnouncement('answered');
    wasSending.current = sending;
  }, [sending]);
  return (
    <VisuallyHidden>
      <div role="status" aria-live="polite" data-testid="copilot-announcer">
        {announcement && <FormattedMessage id={`copilot.streaming.${announcement}`} />}
      </div>
    </VisuallyHidden>
  );
}
