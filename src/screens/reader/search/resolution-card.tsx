// What the words resolved to (a citation such as 'čl. 54 ústavy', a short name such as 'GDPR'),
// first on the page: "Go to čl. 54, 1/1993 Sb." opens the reader there.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Card, Flex, Text } from '@radix-ui/themes';
import { ArrowRightIcon } from '@radix-ui/react-icons';
import type { SearchResolution } from '../../../api/contract/search';
import { resolutionPath } from '../../../lib/search-address';
import { displayTitle } from '../../../shared/human-identifier';

export function ResolutionCard({ resolution }: { resolution: SearchResolution }) {
  const intl = useIntl();
  return (
    <Card size="2" mb="4" className="search-resolution">
      <Flex direction="column" gap="1">
        <RouterLink href={`~${resolutionPath(resolution)}`} className="search-resolution-link">
          <ArrowRightIcon aria-hidden />
          {intl.formatMessage({ id: 'search.page.goTo' }, { citation: resolution.citation })}
        </RouterLink>
        <Text size="2" color="gray">
          {displayTitle(resolution.title)}
        </Text>
        <Text id="search-resolution-hint" size="1" color="gray">
          {intl.formatMessage({ id: 'search.page.goToHint' }, { matched: resolution.matched })}
        </Text>
      </Flex>
    </Card>
  );
}
