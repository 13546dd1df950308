// One import job from the official services: a bar for the whole job, each version in each
// language with its state (and a link once stored), the problems in the reader's language and,
// if the job stopped, why (no network access is left to the offline notice beside it, once). Used
// by the import page and the empty library's starter set.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Badge, Callout, Flex, Heading, Link, Progress, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { ApiError } from '../../api/client';
import type { SourceImportItem, SourceImportJob } from '../../api/contract/source-imports';
import { errorMessage } from '../../i18n/error-message';
import { documentPath } from '../../shared/document-path';
import { effectiveDate } from '../version-selector/branch-label';
import './source-job-progress.css';

const STATE_COLOR = { pending: 'gray', fetched: 'blue', stored: 'green', failed: 'red', skipped: 'amber' } as const;

/** Items that will not move any more. */
const settled = (item: SourceImportItem) => item.state !== 'pending' && item.state !== 'fetched';

export function SourceJobProgress({ job }: { job: SourceImportJob }) {
  const intl = useIntl();
  const done = job.items.filter(settled).length;
  const total = job.items.length;
  const percent = total === 0 ? (job.status === 'done' ? 100 : 0) : Math.round((done / total) * 100);
  const titles = new Map(job.acts.map((act) => [act.act_id ?? act.id, act.title ?? act.act_id ?? act.id]));
  const language = (code: string) => intl.formatDisplayName(code, { type: 'language' }) ?? code;
  return (
    <Flex direction="column" gap="3" data-testid="source-job">
      <Text as="p" role="status" aria-live="polite">
        {intl.formatMessage(
          { id: `sourceImport.job.${job.status}` },
          { done, total, stored: job.items.filter((item) => item.state === 'stored').length },
        )}
      </Text>
      <Progress
        value={percent}
        color={job.status === 'failed' ? 'red' : undefined}
        aria-label={intl.formatMessage({ id: 'sourceImport.job.progress' })}
        aria-valuetext={`${percent} %`}
      />
      {job.error && job.error.detail !== 'source_offline' && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {errorMessage(intl, new ApiError(0, job.error.detail, { message: job.error.message }))}
          </Callout.Text>
        </Callout.Root>
      )}
      {total > 0 && (
        <div className="source-job-table">
          <Table.Root size="1" variant="surface">
            <caption>
              <VisuallyHidden>{intl.formatMessage({ id: 'sourceImport.job.items' })}</VisuallyHidden>
            </caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'sourceImport.act' })}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'sourceImport.version' })}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'sourceImport.language' })}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'sourceImport.state' })}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {job.items.map((item) => (
                <Table.Row key={`${item.act_id}:${item.version_id}:${item.language}`}>
                  <Table.RowHeaderCell>
                    {item.document_id ? (
                      <Link asChild>
                        <RouterLink href={documentPath(item.document_id, item.act_id)}>
                          {titles.get(item.act_id) ?? item.act_id}
                        </RouterLink>
                      </Link>
                    ) : (
                      <Text>{titles.get(item.act_id) ?? item.act_id}</Text>
                    )}
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    {intl.formatMessage(
                      { id: `sourceImport.kind.${item.kind}` },
                      { date: effectiveDate(intl, item.date) },
                    )}
                  </Table.Cell>
                  <Table.Cell>{language(item.language)}</Table.Cell>
                  <Table.Cell>
                    <Badge color={STATE_COLOR[item.state]} highContrast>
                      {intl.formatMessage({ id: `sourceImport.item.${item.state}` })}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      {job.problems.length > 0 && (
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            {intl.formatMessage({ id: 'sourceImport.problems' })}
          </Heading>
          <ul className="import-problems">
            {job.problems.map((problem, index) => (
              <li key={`${problem.act_id}:${problem.version_id ?? ''}:${problem.language ?? ''}:${index}`}>
                <Text weight="medium">
                  {[
                    problem.act_id,
                    problem.version_id !== problem.act_id ? problem.version_id : undefined,
                    problem.language ? language(problem.language) : undefined,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text color="gray">
                  :{' '}
                  {intl.formatMessage(
                    { id: 'adminImport.reason.withDetail' },
                    {
                      text: intl.formatMessage({ id: `sourceImport.reason.${problem.reason}` }),
                      message: problem.message,
                    },
                  )}
                </Text>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Flex>
  );
}
