// The changed provisions: citation and title, then the old and the new wording side by side
// (stacked on narrow screens) with the words that changed marked.
import { useMemo } from 'react';
import { Box, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import type { ChangedProvision } from '../../api/contract/compare-changes';
import { sideOf, wordDiff } from '../../lib/word-diff';
import { DiffText } from './diff-text';
import { provisionName } from './provision-name';

export function ChangedProvisions({ items }: { items: ChangedProvision[] }) {
  return (
    <Flex asChild direction="column" gap="3">
      <ul className="lexhub-plain-list">
        {items.map((item) => (
          <li key={item.path}>
            <ChangedProvisionCard item={item} />
          </li>
        ))}
      </ul>
    </Flex>
  );
}

function ChangedProvisionCard({ item }: { item: ChangedProvision }) {
  const intl = useIntl();
  const parts = useMemo(() => wordDiff(item.text_a, item.text_b), [item.text_a, item.text_b]);
  return (
    <Card size="2">
      <Heading as="h4" size="3" mb="2">
        {provisionName(item)}
      </Heading>
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Box>
          <Text as="div" size="1" weight="medium" color="gray" mb="1">
            {intl.formatMessage({ id: 'compare.changes.old' })}
          </Text>
          <DiffText parts={sideOf(parts, 'old')} />
        </Box>
        <Box>
          <Text as="div" size="1" weight="medium" color="gray" mb="1">
            {intl.formatMessage({ id: 'compare.changes.new' })}
          </Text>
          <DiffText parts={sideOf(parts, 'new')} />
        </Box>
      </Grid>
    </Card>
  );
}
