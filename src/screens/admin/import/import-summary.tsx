// The server's answer: counts, every stored version (a link to its document), then the files
// skipped or failed with their reasons.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Callout, Flex, Heading, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ImportProblem, ImportResult } from '../../../api/contract/admin-imports';
import { documentPath } from '../../../shared/document-path';

const STATUS_COLOR = { created: 'green', replaced: 'blue', unchanged: 'gray' } as const;

export function ImportSummary({ result }: { result: ImportResult }) {
  const intl = useIntl();
  const { counts } = result;
  return (
    <Flex direction="column" gap="4" data-testid="import-summary">
      <Heading as="h2" size="5">
        {intl.formatMessage({ id: 'adminImport.summary.title' })}
      </Heading>
      {/* highContrast: green (and red) text on its soft background falls short of 4.5:1. */}
      <Callout.Root color={counts.failed > 0 ? 'red' : 'green'} highContrast role="status">
        <Callout.Text>
          {intl.formatMessage(
            { id: 'adminImport.summary.counts' },
            { ...counts, files: result.files, seconds: intl.formatNumber(result.seconds) },
          )}
        </Callout.Text>
      </Callout.Root>
      {result.versions.length > 0 && (
        <Table.Root size="1" variant="surface">
          <caption>
            <VisuallyHidden>{intl.formatMessage({ id: 'adminImport.summary.versions' })}</VisuallyHidden>
          </caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>
                {intl.formatMessage({ id: 'adminImport.summary.document' })}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                {intl.formatMessage({ id: 'adminImport.summary.validFrom' })}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                {intl.formatMessage({ id: 'adminImport.summary.status' })}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'adminImport.file' })}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.versions.map((version) => (
              <Table.Row key={`${version.file}:${version.external_id}:${version.valid_from ?? ''}`}>
                <Table.RowHeaderCell>
                  <Link asChild>
                    <RouterLink href={documentPath(version.document_id, version.external_id)}>
                      {version.external_id}
                    </RouterLink>
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell>
                  {version.valid_from ?? intl.formatMessage({ id: 'adminImport.summary.undated' })}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLOR[version.status]} highContrast>
                    {intl.formatMessage({ id: `adminImport.status.${version.status}` })}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Text style={{ overflowWrap: 'anywhere' }}>{version.file}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Problems title={intl.formatMessage({ id: 'adminImport.summary.failed' })} problems={result.failed} />
      <Problems title={intl.formatMessage({ id: 'adminImport.summary.skipped' })} problems={result.skipped} />
    </Flex>
  );
}

function Problems({ title, problems }: { title: string; problems: ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {title}
      </Heading>
      <ul className="import-problems">
        {problems.map((problem) => (
          <li key={`${problem.file}:${problem.message}`}>
            <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
              {problem.file}
            </Text>
            <Text color="gray">: {problem.message}</Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
