// One document of the list: its title as published (not shouting), the number as cited, the
// normalized type and jurisdiction, the dates.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { Document } from '../../../api/contract';
import { documentPath } from '../../../shared/document-path';
import { jurisdictionOf, typeOf } from '../../../shared/document-class';
import { displayTitle, humanIdentifier } from '../../../shared/human-identifier';
import { effectiveDate } from '../../../components/version-selector/branch-label';

export function DocumentCard({ document: item }: { document: Document }) {
  const intl = useIntl();
  const day = (value: string) => effectiveDate(intl, value);
  const language = intl.locale.startsWith('cs') ? 'cs' : 'en';
  const type = typeOf(item);
  const jurisdiction = jurisdictionOf(item);
  return (
    <Card asChild size="2" className="documents-card">
      <RouterLink href={`~${documentPath(item.id, item.title)}`}>
        <Flex direction="column" gap="2">
          <Heading as="h2" size="3" className="documents-card-title">
            {displayTitle(item.title)}
          </Heading>
          <Flex gap="2" wrap="wrap" align="center">
            <Badge color="indigo" variant="soft" size="2" title={item.external_id}>
              {humanIdentifier(item.external_id, language)}
            </Badge>
            {type !== 'other' && (
              <Badge color="gray" variant="soft">
                {intl.formatMessage({ id: `documentType.${type}` })}
              </Badge>
            )}
            {jurisdiction !== 'other' && (
              <Badge color="gray" variant="outline">
                {intl.formatMessage({ id: `jurisdiction.${jurisdiction}` })}
              </Badge>
            )}
          </Flex>
          <Flex gap="3" wrap="wrap">
            {item.published_date && (
              <Text size="1" color="gray">
                {intl.formatMessage({ id: 'reader.list.published' }, { date: day(item.published_date) })}
              </Text>
            )}
            {item.effective_date && (
              <Text size="1" color="gray">
                {intl.formatMessage({ id: 'reader.list.effective' }, { date: day(item.effective_date) })}
              </Text>
            )}
          </Flex>
        </Flex>
      </RouterLink>
    </Card>
  );
}
