// One document of the results: its title and number as cited, how many provisions match, and its
// best hits, each a link to the reader at the provision with its citation and snippet.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ProvisionHit, SearchGroup } from '../../../api/contract/search';
import { documentPath } from '../../../shared/document-path';
import { displayTitle, humanIdentifier } from '../../../shared/human-identifier';
import { hitPath } from '../../../lib/search-address';
import { SnippetText } from '../../../components/snippet/snippet-text';

export function SearchGroupCard({ group }: { group: SearchGroup }) {
  const intl = useIntl();
  const language = intl.locale.startsWith('cs') ? 'cs' : 'en';
  const { document: item } = group;
  return (
    <Box className="search-group">
      <Heading as="h2" size="4" mb="1" className="search-group-title">
        <RouterLink href={`~${documentPath(item.id, item.title)}`}>{displayTitle(item.title)}</RouterLink>
      </Heading>
      <Flex gap="2" wrap="wrap" align="center" mb="2">
        <Badge color="indigo" variant="soft" title={item.external_id}>
          {humanIdentifier(item.external_id, language)}
        </Badge>
        {item.type !== 'other' && (
          <Badge color="gray" variant="soft">
            {intl.formatMessage({ id: `documentType.${item.type}` })}
          </Badge>
        )}
        {!item.in_force && (
          <Badge color="amber" variant="soft">
            {intl.formatMessage({ id: 'reader.list.inForce.false' })}
          </Badge>
        )}
        <Text size="1" color="gray">
          {intl.formatMessage({ id: 'search.page.hits' }, { count: group.total_hits })}
        </Text>
      </Flex>
      {group.hits.length > 0 && (
        <ul className="search-hits">
          {group.hits.map((hit) => (
            <li key={`${hit.branch_id}-${hit.node_id}-${hit.fragment_id ?? ''}`}>
              <HitLink hit={hit} />
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}

function HitLink({ hit }: { hit: ProvisionHit }) {
  const intl = useIntl();
  const older = hit.branch_name !== 'main';
  return (
    <RouterLink href={`~${hitPath(hit)}`} className="search-hit">
      <Flex gap="2" wrap="wrap" align="baseline">
        <Text size="2" weight="bold" className="search-hit-citation">
          {hit.citation}
        </Text>
        {hit.heading && (
          <Text size="2" color="gray">
            {hit.heading}
          </Text>
        )}
        {older && hit.valid_from && (
          <Badge color="gray" variant="outline" size="1">
            {intl.formatMessage({ id: 'search.page.versionFrom' }, { date: intl.formatDate(hit.valid_from) })}
          </Badge>
        )}
      </Flex>
      <Text as="p" size="2" className="search-hit-snippet" lang={hit.language}>
        <SnippetText snippet={hit.snippet} />
      </Text>
    </RouterLink>
  );
}
