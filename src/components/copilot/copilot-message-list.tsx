// The conversation: each message with who wrote it and when; a reply that failed shows why.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { copilotMessagesAtom, type CopilotMessage } from '../../atoms/copilot/copilot.atoms';
import { useAtomValue } from '../../atoms/store';
import { errorMessage } from '../../i18n/error-message';
import { CopilotLoginPrompt } from './copilot-login-prompt';

// The markdown renderer is most of the Copilot's weight: it loads with the first reply, not with
// every page. Until it has, a reply shows as plain text.
const CopilotMessageText = lazy(() =>
  import('./copilot-message-text').then((module) => ({ default: module.CopilotMessageText })),
);

export function CopilotMessageList() {
  const intl = useIntl();
  const messages = useAtomValue(copilotMessagesAtom);
  const endRef = useRef<HTMLLIElement>(null);

  // Follow the newest text while it streams in.
  const lastContent = messages[messages.length - 1]?.content;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastContent]);

  if (messages.length === 0) {
    return (
      <Text as="p" size="2" color="gray" className="copilot-empty">
        <FormattedMessage id="copilot.messages.empty" />
      </Text>
    );
  }
  return (
    <ol className="copilot-messages" aria-label={intl.formatMessage({ id: 'copilot.messages.label' })}>
      {messages.map((message) => (
        <li
          key={message.id}
          className="copilot-message"
          data-role={message.role}
          aria-busy={message.streaming || undefined}
        >
          <Flex justify="between" gap="2" align="baseline">
            <Text size="1" weight="bold">
              <FormattedMessage id={`copilot.role.${message.role}`} />
            </Text>
            <Text size="1" color="gray" asChild>
              <time dateTime={new Date(message.at).toISOString()}>
                {intl.formatTime(message.at, { hour: '2-digit', minute: '2-digit' })}
              </time>
            </Text>
          </Flex>
          {message.error ? (
            <FailedReply message={message} />
          ) : (
            <Text as="div" size="2" className="copilot-message-text">
              {message.role === 'user' ? (
                message.content
              ) : (
                <Suspense fallback={<span className="copilot-plain-reply">{message.content}</span>}>
                  <CopilotMessageText text={message.content} />
                </Suspense>
              )}
              {message.streaming && <Spinner size="1" className="copilot-inline-spinner" />}
            </Text>
          )}
        </li>
      ))}
      <li ref={endRef} aria-hidden className="copilot-messages-end" />
    </ol>
  );
}

function FailedReply({ message }: { message: CopilotMessage }) {
  const intl = useIntl();
  const failure = message.error!;
  return (
    <Callout.Root color="red" size="1" mt="1" data-testid="copilot-error">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        {failure.kind === 'loginRequired' && <CopilotLoginPrompt />}
        {failure.kind === 'session' && (
          <FormattedMessage id="copilot.error.session" values={{ status: failure.error.status }} />
        )}
        {failure.kind === 'request' && (
          <FormattedMessage
            id="copilot.error.request"
            values={{ status: failure.error.status, message: errorMessage(intl, failure.error, 'copilot') }}
          />
        )}
        {failure.kind === 'templates' && <FormattedMessage id="copilot.error.templates" />}
      </Callout.Text>
    </Callout.Root>
  );
}
