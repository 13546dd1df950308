// The prompt box: a labelled multi-line input, Send (or Enter; Shift+Enter adds a line), the note on how many
// values were redacted, and the error when nothing but sensitive values was typed.
import { forwardRef, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Callout, Flex, Spinner, Text, TextArea } from '@radix-ui/themes';
import { ExclamationTriangleIcon, PaperPlaneIcon } from '@radix-ui/react-icons';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectChatReady,
  selectRedactions,
  selectSending,
  selectSensitiveOnly,
} from '../../machines/copilot/copilot-chat.machine';
import { copilotMessagesAtom } from '../../atoms/copilot/copilot.atoms';
import { useStore } from '../../atoms/store';
import { useCopilotChat } from './copilot-chat-context';

/**
 * Enter sends and Shift+Enter adds a line, as in chat apps. Not while an input method is composing
 * (Enter then confirms the composed characters), keyCode 229 covering browsers that report it so.
 */
export function sendsOnEnter(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'nativeEvent'>): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  const native = event.nativeEvent as globalThis.KeyboardEvent;
  return !native.isComposing && native.keyCode !== 229;
}

export const CopilotInput = forwardRef<HTMLTextAreaElement, { canSend: boolean }>(function CopilotInput(
  { canSend },
  ref,
) {
  const intl = useIntl();
  const chat = useCopilotChat();
  const store = useStore();
  const ready = useSelector(chat, selectChatReady);
  const sending = useSelector(chat, selectSending);
  const redactions = useSelector(chat, selectRedactions);
  const sensitiveOnly = useSelector(chat, selectSensitiveOnly);
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const enabled = canSend && ready;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!enabled) return;
    // The conversation so far is read when sending, not on every streamed chunk.
    chat.send({ type: 'chat.send', text, conversation: store.get(copilotMessagesAtom) });
    // Sent: empty the box. Not sent (blank, only sensitive values): keep it to be edited.
    if (selectSending(chat.getSnapshot())) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendsOnEnter(event)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="copilot-input" onSubmit={submit}>
      <Flex direction="column" gap="2">
        <Text as="label" size="1" weight="medium" htmlFor={inputId}>
          <FormattedMessage id="copilot.input.label" />
        </Text>
        <TextArea
          ref={ref}
          id={inputId}
          aria-describedby={hintId}
          rows={3}
          resize="vertical"
          placeholder={intl.formatMessage({ id: 'copilot.input.placeholder' })}
          value={text}
          disabled={!canSend}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {sensitiveOnly && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <FormattedMessage id="copilot.error.onlySensitive" />
            </Callout.Text>
          </Callout.Root>
        )}
        {!sensitiveOnly && redactions > 0 && (
          <Text as="p" size="1" color="amber" data-testid="copilot-redaction-note">
            <FormattedMessage id="copilot.redacted" values={{ count: redactions }} />
          </Text>
        )}
        <Flex justify="between" align="center" gap="2">
          <Text size="1" color="gray" id={hintId} className="copilot-input-hint">
            <FormattedMessage id="copilot.input.hint" />
          </Text>
          <Button type="submit" disabled={!enabled}>
            {sending ? <Spinner /> : <PaperPlaneIcon aria-hidden />}
            <FormattedMessage id="copilot.send" />
          </Button>
        </Flex>
      </Flex>
    </form>
  );
});
