// The starter set (the Czech Constitution and Charter, GDPR, the EU Charter of Fundamental
// Rights) in one press, with progress; `onImported` runs once the job is done with something
// stored, `onEnded` once it ended in any way (a list of jobs to reload). The flow is
// src/machines/sources/starter-set.machine.ts.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import {
  selectStarterError,
  selectStarterImported,
  selectStarterJob,
  selectStarterOffline,
  selectStarterPhase,
  starterSetMachine,
} from '../../machines/sources/starter-set.machine';
import { SourceFailure } from './source-failure';
import { SourceJobProgress } from './source-job-progress';

export function StarterSet({
  onImported,
  onEnded,
  files,
}: {
  onImported?: () => void;
  onEnded?: () => void;
  files: 'below' | 'steps';
}) {
  const intl = useIntl();
  const flow = useActorRef(starterSetMachine);
  const phase = useSelector(flow, selectStarterPhase);
  const job = useSelector(flow, selectStarterJob);
  const error = useSelector(flow, selectStarterError);
  const offline = useSelector(flow, selectStarterOffline);
  const imported = useSelector(flow, selectStarterImported);

  const ended = phase === 'finished' || phase === 'failed';

  useEffect(() => {
    if (imported) onImported?.();
  }, [imported, onImported]);
  useEffect(() => {
    if (ended) onEnded?.();
  }, [ended, onEnded]);

  return (
    <Flex direction="column" gap="3" data-testid="starter-set">
      <Text as="p">{intl.formatMessage({ id: 'starterSet.text' })}</Text>
      <Flex>
        <Button
          size="3"
          onClick={() => flow.send({ type: 'starter.start' })}
          disabled={phase === 'running' || imported}
          loading={phase === 'running'}
        >
          {intl.formatMessage({ id: 'starterSet.start' })}
        </Button>
      </Flex>
      <SourceFailure offline={offline} error={error} files={files} />
      {job && !(offline && job.items.length === 0) && <SourceJobProgress job={job} />}
    </Flex>
  );
}
