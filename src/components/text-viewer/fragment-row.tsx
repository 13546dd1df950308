// One row of the text list: the node header where a node's run starts, then the fragment's text
// (a skeleton while it loads, its cite key alone when it has no text, a retry when it failed).
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Box, Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import type { Node } from '../../api/contract';
import type { CachedText } from '../../machines/fragment-texts-cache';
import type { FragmentRow as Fragment, SpanRow } from '../../machines/text-loading.machine';
import { useNodeTypeLabel } from '../structure-tree/node-types';
import { SpanText } from './span-text';

export interface FragmentRowProps {
  fragment: Fragment;
  node?: Node;
  showHeader: boolean;
  text?: CachedText;
  failed: boolean;
  spans?: readonly SpanRow[];
  selected: boolean;
  onRetry: (id: string) => void;
  nodeHref: (nodeId: string) => string;
  onSelectNode: (nodeId: string) => void;
}

export const FragmentRow = memo(function FragmentRow(props: FragmentRowProps) {
  const { fragment, node, showHeader, text, failed, spans, selected, onRetry, nodeHref, onSelectNode } = props;
  const intl = useIntl();
  const typeLabel = useNodeTypeLabel();

  return (
    <Box px="1" pb="2" data-fragment-id={fragment.id} data-node-id={fragment.node_id}>
      {showHeader && (
        <Card size="1" mt="3" mb="2" className="reader-node-header" data-selected={selected || undefined}>
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h3" size="3" className="reader-node-title">
              {node?.cite_key ?? fragment.cite_key ?? intl.formatMessage({ id: 'reader.text.node' })}
              {node?.title && (
                <Text as="span" weight="regular" color="gray">
                  {' '}
                  {node.title}
                </Text>
              )}
            </Heading>
            <Badge variant="soft" color="gray">
              {node ? typeLabel(node.node_type) : intl.formatMessage({ id: 'reader.text.node' })}
            </Badge>
            {node && (
              <Text size="1" color="gray">
                {intl.formatMessage({ id: 'reader.text.order' }, { value: intl.formatNumber(node.order_index) })}
              </Text>
            )}
          </Flex>
        </Card>
      )}
      {!fragment.has_text ? (
        <Text as="p" size="2" color="gray" className="reader-cite-only">
          {fragment.cite_key}
        </Text>
      ) : text ? (
        <Text as="p" size="3" className="reader-fragment-text">
          <SpanText text={text.text} spans={spans} nodeHref={nodeHref} onSelectNode={onSelectNode} />
        </Text>
      ) : failed ? (
        <Flex align="center" gap="2" className="reader-fragment-text">
          <Text size="2" color="red">
            {intl.formatMessage({ id: 'reader.text.textError' })}
          </Text>
          <Button size="1" variant="soft" onClick={() => onRetry(fragment.id)}>
            {intl.formatMessage({ id: 'reader.retry' })}
          </Button>
        </Flex>
      ) : (
        <Box className="reader-fragment-text" aria-busy>
          <Skeleton height="16px" mb="2" />
          <Skeleton height="16px" width="70%" />
        </Box>
      )}
    </Box>
  );
});
