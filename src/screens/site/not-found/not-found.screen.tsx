// Any address the app does not know: says so and links home.
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Button, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { HomeIcon } from '@radix-ui/react-icons';
import { PageTitle } from '../../../components/shell/page-title';

export function NotFoundScreen() {
  const intl = useIntl();
  const [location] = useLocation();
  const title = intl.formatMessage({ id: 'notFound.title' });

  return (
    <Flex direction="column" align="start" gap="4" className="page" data-testid="not-found">
      <PageTitle title={title} />
      <Text size="8" weight="bold" color="gray" aria-hidden>
        404
      </Text>
      <Heading as="h1" size="8">
        {title}
      </Heading>
      <Text as="p" size="4" color="gray">
        {intl.formatMessage({ id: 'notFound.text' })}
      </Text>
      <Code size="3" variant="ghost" className="page-address">
        {location}
      </Code>
      <Button asChild size="3">
        <Link href="/">
          <HomeIcon aria-hidden />
          {intl.formatMessage({ id: 'notFound.home' })}
        </Link>
      </Button>
    </Flex>
  );
}
