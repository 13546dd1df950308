// The History tab: the user's past conversations (title = first question, date), one opened to
// be read back, and deleting with a confirmation. Renders copilotHistoryMachine's state.
import { useEffect, useId } from 'react';
import { AlertDialog, Button, Callout, Flex, Heading, IconButton, Spinner, Text, Tooltip } from '@radix-ui/themes';
import { ArrowLeftIcon, ExclamationTriangleIcon, TrashIcon } from '@radix-ui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  copilotHistoryMachine,
  selectHistoryConfirming,
  selectHistoryError,
  selectHistoryHasMore,
  selectHistoryItems,
  selectHistoryLoaded,
  selectHistoryLoading,
  selectHistoryOpen,
} from '../../machines/copilot/copilot-history.machine';
import { CopilotMessageText } from './copilot-message-text';

type HistoryActor = ActorRefFrom<typeof copilotHistoryMachine>;

export function CopilotHistoryTab() {
  const history = useActorRef(copilotHistoryMachine);
  const open = useSelector(history, selectHistoryOpen);
  const error = useSelector(history, selectHistoryError);
  useEffect(() => {
    history.send({ type: 'history.load' });
  }, [history]);
  return (
    <div className="copilot-scroll" data-testid="copilot-history">
      {error && (
        <Callout.Root color="red" size="1" mb="3" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="copilot.history.failed" />
          </Callout.Text>
        </Callout.Root>
      )}
      {open ? <ConversationView history={history} /> : <ConversationList history={history} />}
      <DeleteDialog history={history} />
    </div>
  );
}

function ConversationList({ history }: { history: HistoryActor }) {
  const intl = useIntl();
  const items = useSelector(history, selectHistoryItems);
  const loading = useSelector(history, selectHistoryLoading);
  const loaded = useSelector(history, selectHistoryLoaded);
  const hasMore = useSelector(history, selectHistoryHasMore);
  if (items.length === 0)
    return loading || !loaded ? (
      <Spinner />
    ) : (
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="copilot.history.empty" />
      </Text>
    );
  return (
    <Flex direction="column" gap="2">
      <ul className="copilot-history-list" aria-label={intl.formatMessage({ id: 'copilot.history.label' })}>
        {items.map((item) => (
          <li key={item.id} className="copilot-history-item">
            <button
              type="button"
              className="copilot-history-open"
              onClick={() => history.send({ type: 'history.open', id: item.id })}
            >
              <Text as="span" size="2" weight="medium" className="copilot-history-title">
                {item.title}
              </Text>
              <Text as="span" size="1" color="gray">
                <time dateTime={item.updated_at}>
                  {intl.formatDate(item.updated_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </Text>
            </button>
            <DeleteButton history={history} id={item.id} title={item.title} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Button variant="soft" size="1" disabled={loading} onClick={() => history.send({ type: 'history.more' })}>
          <FormattedMessage id="copilot.history.more" />
        </Button>
      )}
    </Flex>
  );
}

function ConversationView({ history }: { history: HistoryActor }) {
  const conversation = useSelector(history, selectHistoryOpen);
  const headingId = useId();
  if (!conversation) return null;
  return (
    <section aria-labelledby={headingId}>
      <Flex align="center" justify="between" gap="2" mb="3">
        <Button variant="ghost" size="1" onClick={() => history.send({ type: 'history.close' })}>
          <ArrowLeftIcon aria-hidden />
          <FormattedMessage id="copilot.history.back" />
        </Button>
        <DeleteButton history={history} id={conversation.id} title={conversation.title} />
      </Flex>
      <Heading as="h3" size="2" id={headingId} mb="3" className="copilot-history-title">
        {conversation.title}
      </Heading>
      <ol className="copilot-messages">
        {conversation.messages.map((message) => (
          <li key={message.id} className="copilot-message" data-role={message.role}>
            <Text as="p" size="1" weight="bold">
              <FormattedMessage id={`copilot.role.${message.role}`} />
            </Text>
            <Text as="div" size="2" className="copilot-message-text">
              {message.role === 'user' ? message.text : <CopilotMessageText text={message.text} />}
            </Text>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DeleteButton({ history, id, title }: { history: HistoryActor; id: string; title: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'copilot.history.delete' }, { title });
  return (
    <Tooltip content={label}>
      <IconButton
        variant="ghost"
        color="gray"
        aria-label={label}
        onClick={() => history.send({ type: 'history.delete', id })}
      >
        <TrashIcon />
      </IconButton>
    </Tooltip>
  );
}

function DeleteDialog({ history }: { history: HistoryActor }) {
  const confirming = useSelector(history, selectHistoryConfirming);
  return (
    <AlertDialog.Root
      open={confirming}
      onOpenChange={(open) => (open ? undefined : history.send({ type: 'history.cancel' }))}
    >
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>
          <FormattedMessage id="copilot.history.confirm.title" />
        </AlertDialog.Title>
        <AlertDialog.Description size="2">
          <FormattedMessage id="copilot.history.confirm.text" />
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              <FormattedMessage id="copilot.history.confirm.cancel" />
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={() => history.send({ type: 'history.confirm' })}>
              <FormattedMessage id="copilot.history.confirm.delete" />
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
