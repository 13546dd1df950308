// Shown on the home page while the library holds no documents: how to import some.
import { useIntl } from 'react-intl';
import { Card, Code, Flex, Heading, Text } from '@radix-ui/themes';

export function EmptyLibrary() {
  const intl = useIntl();
  return (
    <Card size="3" data-testid="empty-library">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          {intl.formatMessage({ id: 'home.empty.title' })}
        </Heading>
        <Text as="p" size="3">
          {intl.formatMessage({ id: 'home.empty.text' })}
        </Text>
        <Code size="3" className="command">
          npm run import -- &lt;{intl.formatMessage({ id: 'home.empty.placeholder' })}&gt;
        </Code>
        <Text as="p" size="2" color="gray">
          {intl.formatMessage({ id: 'home.empty.formats' })}
        </Text>
      </Flex>
    </Card>
  );
}
