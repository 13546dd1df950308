// The last resort when the shell itself fails to render (header, navigation, session): the whole
// page becomes one message with a button that reloads it.
import { Button, Flex, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { FormattedMessage } from 'react-intl';

export function AppFailed() {
  return (
    <Flex direction="column" align="center" justify="center" gap="4" p="6" minHeight="100vh" role="alert">
      <ExclamationTriangleIcon width="32" height="32" aria-hidden />
      <Text as="p" size="4" align="center">
        <FormattedMessage id="shell.appFailed.message" />
      </Text>
      <Button size="3" onClick={() => window.location.reload()}>
        <FormattedMessage id="shell.appFailed.reload" />
      </Button>
    </Flex>
  );
}
