// The server's answer: counts, every stored version (a link to its document), then the files
// skipped or failed with their reasons (codes said in the reader's language, details as sent).
import { useIntl, type IntlShape } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Callout, Flex, Heading, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { MAX_PATH_DEPTH, type ImportProblem, type ImportResult } from '../../../api/contract/admin-imports';
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
      <Problems
        title={intl.formatMessage({ id: 'adminImport.summary.failed' })}
        problems={result.failed}
        result={result}
      />
      <Problems
        title={intl.formatMessage({ id: 'adminImport.summary.skipped' })}
        problems={result.skipped}
        result={result}
      />
    </Flex>
  );
}

function Problems({ title, problems, result }: { title: string; problems: ImportProblem[]; result: ImportResult }) {
  const intl = useIntl();
  if (problems.length === 0) return null;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {title}
      </Heading>
      <ul className="import-problems">
        {problems.map((problem, index) => (
          // One file may fail more than once (a TMX file gives several versions).
          <li key={`${problem.file}:${index}`}>
            <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
              {problem.file}
            </Text>
            <Text color="gray">: {problemText(intl, problem, result)}</Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** The reason in the reader's language; a conflict names the version and the other files from `conflicts`. */
function problemText(intl: IntlShape, problem: ImportProblem, result: ImportResult): string {
  const id = `adminImport.reason.${problem.reason}`;
  let text: string;
  if (problem.reason === 'conflict') {
    const conflict = result.conflicts.find((entry) => entry.files.includes(problem.file));
    const others = conflict?.files.filter((file) => file !== problem.file) ?? [];
    const date = conflict?.valid_from ?? intl.formatMessage({ id: 'adminImport.summary.undated' });
    text = intl.formatMessage(
      { id },
      {
        count: others.length,
        title: conflict ? `${conflict.external_id} (${date})` : '',
        list: intl.formatList(others, { type: 'conjunction' }),
      },
    );
  }
  // A walk reads folders up to MAX_PATH_DEPTH - 1 levels: their files have MAX_PATH_DEPTH segments.
  else text = intl.formatMessage({ id }, { max: MAX_PATH_DEPTH - 1 });
  return problem.message === undefined
    ? text
    : intl.formatMessage({ id: 'adminImport.reason.withDetail' }, { text, message: problem.message });
}
