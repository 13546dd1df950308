// Any address the app does not know: says so and links home.
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Button, Code, Text } from '@radix-ui/themes';
import { HomeIcon } from '@radix-ui/react-icons';
import { MessagePage } from '../message-page';

export function NotFoundScreen() {
  const intl = useIntl();
  const [location] = useLocation();
  const title = intl.formatMessage({ id: 'notFound.title' });

  return (
    <MessagePage
      title={title}
      text={intl.formatMessage({ id: 'notFound.text' })}
      emblem={
        <Text size="8" weight="bold" color="gray" aria-hidden>
          404
        </Text>
      }
      data-testid="not-found"
    >
      <Code size="3" variant="ghost" className="page-address">
        {location}
      </Code>
      <Button asChild size="3">
        <Link href="/">
          <HomeIcon aria-hidden />
          {intl.formatMessage({ id: 'notFound.home' })}
        </Link>
      </Button>
    </MessagePage>
  );
}
