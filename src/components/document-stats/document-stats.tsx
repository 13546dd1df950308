// The document's overview: counts, dates, languages and how many provisions of each kind it has
// ('114 článků', '198 odstavců').
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Box, Card, DataList, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import type { Document, Node } from '../../api/contract';
import { PROVISION_KINDS, provisionKind } from '../structure-tree/node-types';
import './document-stats.css';
import { effectiveDate } from '../version-selector/branch-label';

export interface DocumentStatsProps {
  document: Document;
  nodes: readonly Node[];
}

/** Provision counts per kind: the known kinds in their hierarchy order, then raw types by name. */
export function countByType(nodes: readonly Node[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const kind = provisionKind(node) ?? node.node_type;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const rank = (kind: string) => {
    const index = (PROVISION_KINDS as readonly string[]).indexOf(kind);
    return index < 0 ? PROVISION_KINDS.length : index;
  };
  return [...counts].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export function DocumentStats({ document, nodes }: DocumentStatsProps) {
  const intl = useIntl();
  const byType = useMemo(() => countByType(nodes), [nodes]);

  // Calendar dates carry no time zone: format them in UTC so they never shift a day.
  const day = (value: string | null) => (value ? effectiveDate(intl, value) : '—');
  const dates: Array<[string, string]> = [
    ['reader.stats.published', day(document.published_date)],
    ['reader.stats.effective', day(document.effective_date)],
    ['reader.stats.expiry', day(document.expiry_date)],
    ['reader.stats.updated', intl.formatDate(document.updated_at, { dateStyle: 'medium', timeStyle: 'short' })],
  ];

  return (
    <Card size="2">
      <Flex direction="column" gap="4">
        <Box>
          <Heading as="h3" size="3" mb="2">
            {intl.formatMessage({ id: 'reader.stats.heading' })}
          </Heading>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label minWidth="88px">{intl.formatMessage({ id: 'reader.stats.nodes' })}</DataList.Label>
              <DataList.Value>{intl.formatNumber(document.counts.nodes)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="88px">{intl.formatMessage({ id: 'reader.stats.fragments' })}</DataList.Label>
              <DataList.Value>{intl.formatNumber(document.counts.fragments)}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Box>
        <Separator size="4" />
        <Box>
          <Heading as="h3" size="3" mb="2">
            {intl.formatMessage({ id: 'reader.stats.dates' })}
          </Heading>
          <DataList.Root size="2">
            {dates.map(([id, value]) => (
              <DataList.Item key={id}>
                <DataList.Label minWidth="88px">{intl.formatMessage({ id })}</DataList.Label>
                <DataList.Value>{value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
        <Separator size="4" />
        <Box>
          <Heading as="h3" size="3" mb="2">
            {intl.formatMessage({ id: 'reader.stats.languages' })}
          </Heading>
          {document.languages.length === 0 ? (
            <Text size="2" color="gray">
              {intl.formatMessage({ id: 'reader.stats.noLanguages' })}
            </Text>
          ) : (
            <Flex gap="1" wrap="wrap" asChild>
              <ul className="reader-plain-list">
                {document.languages.map((code) => (
                  <li key={code}>
                    <Badge
                      variant="soft"
                      color="gray"
                      title={intl.formatDisplayName(code, { type: 'language' }) ?? code}
                    >
                      {code}
                    </Badge>
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </Box>
        {byType.length > 0 && (
          <>
            <Separator size="4" />
            <Box>
              <Heading as="h3" size="3" mb="2">
                {intl.formatMessage({ id: 'reader.stats.structure' })}
              </Heading>
              <ul className="reader-plain-list document-stats-kinds">
                {byType.map(([kind, count]) => (
                  <li key={kind}>
                    <Text size="2">
                      {(PROVISION_KINDS as readonly string[]).includes(kind)
                        ? intl.formatMessage({ id: `reader.kindCount.${kind}` }, { count })
                        : `${kind}: ${intl.formatNumber(count)}`}
                    </Text>
                  </li>
                ))}
              </ul>
            </Box>
          </>
        )}
      </Flex>
    </Card>
  );
}
