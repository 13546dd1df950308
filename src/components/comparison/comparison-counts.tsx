// The set comparison's counts with readable labels, and the first fragment ids only in one
// version with an 'and N more' line. Numbers are formatted for the interface language.
import { Box, Card, Code, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { FormattedNumber, useIntl } from 'react-intl';
import type { Comparison } from '../../api/contract';
import './comparison.css';

const COUNT_KEYS = ['a_total', 'b_total', 'in_both', 'only_in_a', 'only_in_b'] as const;
const SHOWN_IDS = 10;

export function ComparisonCounts({ comparison, headingId }: { comparison: Comparison; headingId: string }) {
  const intl = useIntl();
  return (
    <Flex direction="column" gap="3">
      <Heading as="h3" size="3" id={headingId}>
        {intl.formatMessage({ id: 'compare.counts.heading' })}
      </Heading>
      <Grid asChild columns={{ initial: '2', sm: '3', md: '5' }} gap="2">
        <dl className="lexhub-plain-list" aria-labelledby={headingId}>
          {COUNT_KEYS.map((key) => (
            <Card key={key} size="1">
              <Text as="div" size="1" color="gray" asChild>
                <dt>{intl.formatMessage({ id: `compare.counts.${key}` })}</dt>
              </Text>
              <Text as="div" size="5" weight="bold" asChild>
                <dd style={{ margin: 0 }}>
                  <FormattedNumber value={comparison.counts[key]} />
                </dd>
              </Text>
            </Card>
          ))}
        </dl>
      </Grid>
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <IdList titleId="compare.ids.onlyInA" items={comparison.only_in_a} total={comparison.counts.only_in_a} />
        <IdList titleId="compare.ids.onlyInB" items={comparison.only_in_b} total={comparison.counts.only_in_b} />
      </Grid>
    </Flex>
  );
}

function IdList({ titleId, items, total }: { titleId: string; items: { id: string }[]; total: number }) {
  const intl = useIntl();
  const shown = items.slice(0, SHOWN_IDS);
  const more = total - shown.length;
  return (
    <Box>
      <Heading as="h4" size="2" mb="1">
        {intl.formatMessage({ id: titleId })}
      </Heading>
      {shown.length === 0 ? (
        <Text size="2" color="gray">
          {intl.formatMessage({ id: 'compare.ids.none' })}
        </Text>
      ) : (
        <ul className="lexhub-plain-list">
          {shown.map((item) => (
            <li key={item.id}>
              <Code size="1" variant="ghost">
                {item.id}
              </Code>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <Text as="p" size="2" color="gray" mt="1">
          {intl.formatMessage({ id: 'compare.ids.more' }, { count: more })}
        </Text>
      )}
    </Box>
  );
}
