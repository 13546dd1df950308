// The history of imports from the official services, newest first: when, what, how it ended.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Button, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { SourceImportJob } from '../../../api/contract/source-imports';
import { errorMessage } from '../../../i18n/error-message';
import {
  selectHistory,
  selectHistoryError,
  type sourceImportMachine,
} from '../../../machines/sources/source-import.machine';

const STATUS_COLOR = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

export function SourceImportHistory({ flow }: { flow: ActorRefFrom<typeof sourceImportMachine> }) {
  const intl = useIntl();
  const history = useSelector(flow, selectHistory);
  const error = useSelector(flow, selectHistoryError);
  const what = (job: SourceImportJob) =>
    job.kind === 'starter_set'
      ? intl.formatMessage({ id: 'sourceImport.history.starterSet' })
      : job.acts.map((act) => act.act_id ?? act.id).join(', ');
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="4">
        {intl.formatMessage({ id: 'sourceImport.history.title' })}
      </Heading>
      {error && (
        <Flex gap="3" align="center" wrap="wrap">
          <Text color="red">{errorMessage(intl, error)}</Text>
          <Button size="1" variant="soft" onClick={() => flow.send({ type: 'history.reload' })}>
            {intl.formatMessage({ id: 'adminImport.retry' })}
          </Button>
        </Flex>
      )}
      {history?.length === 0 && <Text color="gray">{intl.formatMessage({ id: 'sourceImport.history.empty' })}</Text>}
      {history && history.length > 0 && (
        <div className="source-job-table">
          <Table.Root size="1" variant="surface">
            <caption>
              <VisuallyHidden>{intl.formatMessage({ id: 'sourceImport.history.title' })}</VisuallyHidden>
            </caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>
                  {intl.formatMessage({ id: 'sourceImport.history.when' })}
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'sourceImport.act' })}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  {intl.formatMessage({ id: 'sourceImport.history.result' })}
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.map((job) => (
                <Table.Row key={job.id}>
                  <Table.Cell>
                    {intl.formatDate(job.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Table.Cell>
                  <Table.RowHeaderCell>{what(job)}</Table.RowHeaderCell>
                  <Table.Cell>
                    <Badge color={STATUS_COLOR[job.status]} highContrast>
                      {intl.formatMessage(
                        { id: `sourceImport.history.${job.status}` },
                        {
                          stored: job.items.filter((item) => item.state === 'stored').length,
                          total: job.items.length,
                        },
                      )}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
    </Flex>
  );
}
