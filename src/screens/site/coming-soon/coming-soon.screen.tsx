// A section of the product whose screen comes later: its title, a sentence saying so, and a
// way back to the documents.
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button } from '@radix-ui/themes';
import { ArrowLeftIcon, RocketIcon } from '@radix-ui/react-icons';
import { MessagePage } from '../message-page';

export type ComingSoonSection = 'apiKeys' | 'editor' | 'memory';

export function ComingSoonScreen({ section }: { section: ComingSoonSection }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `comingSoon.section.${section}` });

  return (
    <MessagePage
      title={title}
      text={intl.formatMessage({ id: 'comingSoon.text' })}
      emblem={<RocketIcon width="32" height="32" aria-hidden className="page-icon" />}
      data-testid="coming-soon"
      data-section={section}
    >
      <Button asChild variant="soft" size="3">
        <Link href="/documents">
          <ArrowLeftIcon aria-hidden />
          {intl.formatMessage({ id: 'comingSoon.back' })}
        </Link>
      </Button>
    </MessagePage>
  );
}
