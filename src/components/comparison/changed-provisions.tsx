// The changed provisions under their headings: citation and title ('Přesunuto, dříve Čl. 1' when
// the text moved), then the wording with the words that changed marked in one text; a provision
// reworded almost throughout shows the old and the new wording one after the other instead.
import { useMemo } from 'react';
import { Badge, Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useIntl } from 'react-intl';
import type { ChangedProvision } from '../../api/contract/compare-changes';
import { keptShare, REWORDED_BELOW, sideOf, wordDiff } from '../../lib/word-diff';
import { DiffText } from './diff-text';
import { HeadingGroupList } from './heading-group-list';
import { provisionName } from './provision-name';

export function ChangedProvisions({ items }: { items: ChangedProvision[] }) {
  return <HeadingGroupList items={items} render={(item) => <ChangedProvisionCard item={item} />} />;
}

function ChangedProvisionCard({ item }: { item: ChangedProvision }) {
  const intl = useIntl();
  const parts = useMemo(() => wordDiff(item.text_a, item.text_b), [item.text_a, item.text_b]);
  const reworded = keptShare(parts) < REWORDED_BELOW;
  return (
    <Card size="2">
      <Flex align="baseline" gap="2" wrap="wrap" mb="2">
        <Heading as="h5" size="3">
          {provisionName(item)}
        </Heading>
        {item.moved_from && (
          <Badge color="blue" variant="soft">
            {intl.formatMessage({ id: 'compare.changes.moved' })}
          </Badge>
        )}
        {item.moved_from?.citation && (
          <Text size="2" color="gray">
            {intl.formatMessage({ id: 'compare.changes.movedFrom' }, { citation: item.moved_from.citation })}
          </Text>
        )}
      </Flex>
      {reworded ? (
        <Flex direction="column" gap="2">
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
        </Flex>
      ) : (
        <DiffText parts={parts} />
      )}
    </Card>
  );
}
