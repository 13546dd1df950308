// /admin/import: operators upload files or a folder; each file's upload progress shows, then the
// server's summary (created, replaced, unchanged, skipped and failed, with reasons). The flow is
// src/machines/admin/import-upload.machine.ts; the server checks the operator on every call.
// Above the files: acts by number from the official services, and the starter set (issue 16).
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { SignedInPage } from '../../../components/accounts/login-required';
import { errorMessage } from '../../../i18n/error-message';
import {
  importUploadMachine,
  selectError,
  selectFiles,
  selectOverLimits,
  selectPhase,
  selectResult,
} from '../../../machines/admin/import-upload.machine';
import { FilePicker } from './file-picker';
import { ImportSummary } from './import-summary';
import { UploadList } from './upload-list';
import { SourceImportSection } from './source-import-section';
import { sourceImportMachine } from '../../../machines/sources/source-import.machine';
import { StarterSet } from '../../../components/sources/starter-set';
import { PageHeading } from '../../../components/page-heading/page-heading';

export function AdminImportScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'adminImport.title' });
  return <SignedInPage title={title}>{() => <AdminImportPage title={title} />}</SignedInPage>;
}

function AdminImportPage({ title }: { title: string }) {
  const intl = useIntl();
  const flow = useActorRef(importUploadMachine);
  const phase = useSelector(flow, selectPhase);
  const files = useSelector(flow, selectFiles);
  const result = useSelector(flow, selectResult);
  const error = useSelector(flow, selectError);
  const overLimits = useSelector(flow, selectOverLimits);
  const busy = phase === 'sending' || phase === 'importing';

  return (
    <Flex direction="column" gap="5" className="page admin-import">
      <PageHeading title={title} intro={intl.formatMessage({ id: 'adminImport.intro' })} />

      {phase === 'loading' && <Text role="status">{intl.formatMessage({ id: 'adminImport.loading' })}</Text>}
      {phase === 'notOperator' && (
        <Callout.Root color="amber" role="alert">
          <Callout.Text>{intl.formatMessage({ id: 'adminImport.notOperator' })}</Callout.Text>
        </Callout.Root>
      )}
      {phase === 'failedToLoad' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorMessage(intl, error)}</Callout.Text>
          <Flex>
            <Button size="1" variant="soft" color="red" onClick={() => flow.send({ type: 'page.retry' })}>
              {intl.formatMessage({ id: 'adminImport.retry' })}
            </Button>
          </Flex>
        </Callout.Root>
      )}

      {phase !== 'loading' && phase !== 'notOperator' && phase !== 'failedToLoad' && (
        <>
          <SourceImports />
          <Heading as="h2" size="5">
            {intl.formatMessage({ id: 'adminImport.filesTitle' })}
          </Heading>
        </>
      )}

      {(phase === 'ready' || phase === 'failed') && (
        <FilePicker onPick={(picked) => flow.send({ type: 'upload.select', files: picked })} />
      )}

      {files.length > 0 && phase !== 'done' && <UploadList flow={flow} />}

      {overLimits && phase === 'ready' && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{intl.formatMessage({ id: `errors.${overLimits}` })}</Callout.Text>
        </Callout.Root>
      )}

      {(phase === 'ready' || phase === 'failed') && files.length > 0 && (
        <Flex gap="3" wrap="wrap">
          <Button disabled={overLimits !== undefined} onClick={() => flow.send({ type: 'upload.start' })}>
            {intl.formatMessage({ id: 'adminImport.start' }, { count: files.length })}
          </Button>
          <Button variant="soft" color="gray" onClick={() => flow.send({ type: 'upload.clear' })}>
            {intl.formatMessage({ id: 'adminImport.clear' })}
          </Button>
        </Flex>
      )}

      <div role="status" aria-live="polite">
        {busy && (
          <Text>
            {intl.formatMessage({ id: phase === 'sending' ? 'adminImport.sending' : 'adminImport.importing' })}
          </Text>
        )}
      </div>

      {phase === 'failed' && error && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorMessage(intl, error)}</Callout.Text>
        </Callout.Root>
      )}

      {phase === 'done' && result && (
        <>
          <ImportSummary result={result} />
          <Flex>
            <Button variant="soft" onClick={() => flow.send({ type: 'upload.again' })}>
              {intl.formatMessage({ id: 'adminImport.again' })}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}

/** Acts by number and the starter set, one history for both: the starter set's end reloads it. */
function SourceImports() {
  const intl = useIntl();
  const sources = useActorRef(sourceImportMachine);
  const reloadHistory = useCallback(() => sources.send({ type: 'history.reload' }), [sources]);
  return (
    <>
      <SourceImportSection flow={sources} />
      <section aria-labelledby="starter-set-heading">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="starter-set-heading">
            {intl.formatMessage({ id: 'starterSet.title' })}
          </Heading>
          <StarterSet files="below" onEnded={reloadHistory} />
        </Flex>
      </section>
    </>
  );
}
