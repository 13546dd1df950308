// A section of the product whose screen comes later: its title, a sentence saying so, and a
// way back to the documents.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { ArrowLeftIcon, RocketIcon } from '@radix-ui/react-icons';
import { PageTitle } from '../../../components/shell/page-title';

export type ComingSoonSection =
  | 'collections'
  | 'collection'
  | 'profile'
  | 'organization'
  | 'handleSettings'
  | 'apiKeys'
  | 'editor'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'memory'
  | 'teams';

export function ComingSoonScreen({ section }: { section: ComingSoonSection }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `comingSoon.section.${section}` });

  return (
    <Flex direction="column" align="start" gap="4" className="page" data-testid="coming-soon" data-section={section}>
      <PageTitle title={title} />
      <RocketIcon width="32" height="32" aria-hidden className="page-icon" />
      <Heading as="h1" size="8">
        {title}
      </Heading>
      <Text as="p" size="4" color="gray">
        {intl.formatMessage({ id: 'comingSoon.text' })}
      </Text>
      <Button asChild variant="soft" size="3">
        <Link href="/documents">
          <ArrowLeftIcon aria-hidden />
          {intl.formatMessage({ id: 'comingSoon.back' })}
        </Link>
      </Button>
    </Flex>
  );
}
