// What the Copilot panel shows when its content fails to render (a bad reply or command): the
// panel stays, with the failure, "Try again" and "Close Copilot", and the page around it keeps working.
import { Button, Flex, Heading } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { FailureCallout } from '../shell/error-boundary';

export function CopilotFailed({
  titleId,
  onRetry,
  onClose,
}: {
  titleId: string;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <Flex direction="column" gap="3" p="3" data-testid="copilot-failed">
      <Heading as="h2" size="4" id={titleId}>
        <FormattedMessage id="copilot.title" />
      </Heading>
      <FailureCallout messageId="copilot.failed.message">
        <Button size="1" variant="soft" color="red" onClick={onRetry}>
          <FormattedMessage id="shell.failed.retry" />
        </Button>
        <Button size="1" variant="soft" color="gray" onClick={onClose}>
          <FormattedMessage id="copilot.close" />
        </Button>
      </FailureCallout>
    </Flex>
  );
}
