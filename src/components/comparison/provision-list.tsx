// Added or removed provisions by citation under their headings, each with its text (and the text
// of the provisions inside it) behind a Show text button.
import { useId, useState } from 'react';
import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { HeadingGroupList } from './heading-group-list';
import { ChevronDownIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useIntl } from 'react-intl';
import type { AddedOrRemovedProvision } from '../../api/contract/compare-changes';
import { provisionName } from './provision-name';
import './comparison.css';

export function ProvisionList({ items, kind }: { items: AddedOrRemovedProvision[]; kind: 'added' | 'removed' }) {
  return <HeadingGroupList items={items} render={(item) => <ProvisionCard item={item} kind={kind} />} />;
}

function ProvisionCard({ item, kind }: { item: AddedOrRemovedProvision; kind: 'added' | 'removed' }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const textId = useId();
  const lines = [
    ...(item.text ? [{ key: item.path, label: null, text: item.text }] : []),
    ...item.subtree.map((part) => ({ key: part.path, label: part.cite_key, text: part.text })),
  ];
  return (
    <Card size="1">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h5" size="2" color={kind === 'added' ? 'green' : 'red'} highContrast>
            {provisionName(item)}
          </Heading>
          {item.descendants > 0 && (
            <Text as="p" size="1" color="gray">
              {intl.formatMessage({ id: 'compare.changes.descendants' }, { count: item.descendants })}
            </Text>
          )}
        </Box>
        {lines.length > 0 && (
          <Button variant="ghost" size="1" aria-expanded={open} aria-controls={textId} onClick={() => setOpen(!open)}>
            {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
            {intl.formatMessage({ id: open ? 'compare.changes.hideText' : 'compare.changes.showText' })}
          </Button>
        )}
      </Flex>
      <Box id={textId} hidden={!open} mt={open ? '2' : '0'}>
        {open &&
          lines.map((line) => (
            <Text as="p" size="2" key={line.key} className="lexhub-diff-text" mb="1">
              {line.label && <Text weight="medium">{`${line.label} `}</Text>}
              {line.text}
            </Text>
          ))}
      </Box>
    </Card>
  );
}
