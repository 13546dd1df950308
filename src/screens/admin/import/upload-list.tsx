// The picked files, each with its size and its share of the upload sent.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Progress, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import {
  fileProgress,
  selectFiles,
  selectLoaded,
  selectTotal,
  type importUploadMachine,
} from '../../../machines/admin/import-upload.machine';

export function UploadList({ flow }: { flow: ActorRefFrom<typeof importUploadMachine> }) {
  const intl = useIntl();
  const files = useSelector(flow, selectFiles);
  const loaded = useSelector(flow, selectLoaded);
  const total = useSelector(flow, selectTotal);
  const shares = fileProgress(files, loaded, total);
  return (
    <Table.Root size="1" variant="surface">
      <caption>
        <VisuallyHidden>{intl.formatMessage({ id: 'adminImport.files' })}</VisuallyHidden>
      </caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{intl.formatMessage({ id: 'adminImport.file' })}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            {intl.formatMessage({ id: 'adminImport.size' })}
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell width="30%">{intl.formatMessage({ id: 'adminImport.sent' })}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {files.map((file, index) => {
          const percent = Math.round((shares[index] ?? 0) * 100);
          return (
            <Table.Row key={file.path}>
              <Table.RowHeaderCell>
                <Text style={{ overflowWrap: 'anywhere' }}>{file.path}</Text>
              </Table.RowHeaderCell>
              <Table.Cell justify="end">
                {intl.formatNumber(file.size / 1024, { maximumFractionDigits: 1 })} kB
              </Table.Cell>
              <Table.Cell>
                <Progress
                  value={percent}
                  aria-label={intl.formatMessage({ id: 'adminImport.progress' }, { file: file.path })}
                  aria-valuetext={`${percent} %`}
                />
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
