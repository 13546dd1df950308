// The WebSocket demo under Tools: keeps the live channel open while shown, lists the raw frames
// on the user's channel (in and out), and publishes a test command to it through
// POST /v1/realtime/publish (the ws-demo-publish machine checks the command and its JSON payload first).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Badge, Button, Callout, Card, Code, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { CheckIcon, ExclamationTriangleIcon, InfoCircledIcon, TrashIcon } from '@radix-ui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import {
  liveChannelAtom,
  liveProblemAtom,
  liveStatusAtom,
  liveTrafficAtom,
  setLiveDemandAtom,
} from '../../../atoms/copilot/live.atoms';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { useAtom, useAtomValue, useSetAtom } from '../../../atoms/store';
import { CopilotLoginPrompt } from '../../../components/copilot/copilot-login-prompt';
import {
  selectCanPublish,
  selectProblem,
  selectPublishedAt,
  selectPublishing,
  selectServerError,
  wsDemoPublishMachine,
} from '../../../machines/copilot/ws-demo-publish.machine';
import './ws-demo.css';

const SHOWN_FRAMES = 100;
const STATUS_COLORS = { connected: 'green', connecting: 'amber', disconnected: 'red' } as const;

export const DEFAULT_DEMO_COMMAND = 'tool.navigate';
export const DEFAULT_DEMO_PAYLOAD = '{\n  "path": "/documents"\n}';

export function WsDemo() {
  const user = useAtomValue(currentUserAtom);
  const setDemand = useSetAtom(setLiveDemandAtom);

  useEffect(() => {
    setDemand({ demand: 'wsDemo', on: true });
    return () => setDemand({ demand: 'wsDemo', on: false });
  }, [setDemand]);

  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="wsDemo.intro" />
      </Text>
      {user === null && (
        <Callout.Root color="amber" size="1">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            <CopilotLoginPrompt />
          </Callout.Text>
        </Callout.Root>
      )}
      <ConnectionState />
      <TrafficLog />
      <PublishForm disabled={user == null} />
    </Flex>
  );
}

function ConnectionState() {
  const status = useAtomValue(liveStatusAtom);
  const channel = useAtomValue(liveChannelAtom);
  const problem = useAtomValue(liveProblemAtom);
  const shown = status === 'idle' ? 'disconnected' : status;
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Text size="2" weight="medium">
        <FormattedMessage id="wsDemo.status" />
      </Text>
      <Badge color={STATUS_COLORS[shown]} variant="soft" highContrast role="status" data-testid="ws-demo-status">
        <FormattedMessage id={`copilot.status.${shown}`} />
      </Badge>
      <Text size="2" color="gray">
        {channel ? (
          <FormattedMessage id="wsDemo.channel" values={{ name: channel }} />
        ) : (
          <FormattedMessage id="wsDemo.noChannel" />
        )}
      </Text>
      {problem?.kind === 'wsToken' && (
        <Text size="2" color="red">
          <FormattedMessage id="copilot.error.wsToken" values={{ status: problem.error.status }} />
        </Text>
      )}
      {problem?.kind === 'forbidden' && (
        <Text size="2" color="red">
          <FormattedMessage id="copilot.error.forbidden" />
        </Text>
      )}
      {problem?.kind === 'closed' && (
        <Code size="1" color="gray">
          {problem.code} {problem.reason}
        </Code>
      )}
    </Flex>
  );
}

function TrafficLog() {
  const intl = useIntl();
  const [traffic, setTraffic] = useAtom(liveTrafficAtom);
  const headingId = useId();
  const shown = traffic.slice(-SHOWN_FRAMES);
  return (
    <Card size="1">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h3" size="3" id={headingId}>
          <FormattedMessage id="wsDemo.traffic.title" />
        </Heading>
        <Button size="1" variant="soft" color="gray" onClick={() => setTraffic([])} disabled={traffic.length === 0}>
          <TrashIcon aria-hidden />
          <FormattedMessage id="wsDemo.traffic.clear" />
        </Button>
      </Flex>
      {/* A log, not announced frame by frame: a busy channel would talk over everything. */}
      <div className="ws-demo-log" role="log" aria-live="off" aria-labelledby={headingId} tabIndex={0}>
        <ol className="ws-demo-frames">
          {shown.length === 0 && (
            <li>
              <Text size="1" color="gray">
                <FormattedMessage id="wsDemo.traffic.empty" />
              </Text>
            </li>
          )}
          {shown.map((entry) => (
            <li key={entry.id} className="ws-demo-frame" data-direction={entry.direction}>
              <Badge size="1" color={entry.direction === 'in' ? 'blue' : 'violet'} variant="soft" highContrast>
                {entry.direction === 'in' ? '↓' : '↑'} <FormattedMessage id={`wsDemo.traffic.${entry.direction}`} />
              </Badge>{' '}
              <Text size="1" color="gray">
                {intl.formatTime(entry.at, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
              </Text>{' '}
              <code className="ws-demo-text">{entry.text}</code>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}

function PublishForm({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const [cmd, setCmd] = useState(DEFAULT_DEMO_COMMAND);
  const [payload, setPayload] = useState(DEFAULT_DEMO_PAYLOAD);
  const publisher = useActorRef(wsDemoPublishMachine);
  const busy = useSelector(publisher, selectPublishing);
  const canPublish = useSelector(publisher, selectCanPublish);
  const problem = useSelector(publisher, selectProblem);
  const serverError = useSelector(publisher, selectServerError);
  const publishedAt = useSelector(publisher, selectPublishedAt);
  const headingId = useId();
  const cmdId = useId();
  const cmdHintId = useId();
  const payloadId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    publisher.send({ type: 'demo.publish', cmd, payload });
  };
  // The server's refusal as the developer needs it: status and code.
  const shownProblem =
    problem ??
    (serverError && { id: 'wsDemo.error.server', values: { message: `${serverError.status} ${serverError.detail}` } });

  return (
    <Card size="1" asChild>
      <form onSubmit={submit} aria-labelledby={headingId} noValidate>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={headingId}>
            <FormattedMessage id="wsDemo.form.title" />
          </Heading>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={cmdId}>
              <FormattedMessage id="wsDemo.form.cmd" />
            </Text>
            <TextField.Root
              id={cmdId}
              value={cmd}
              onChange={(event) => setCmd(event.target.value)}
              aria-describedby={cmdHintId}
              spellCheck={false}
              autoComplete="off"
            />
            <Text size="1" color="gray" id={cmdHintId}>
              <FormattedMessage id="wsDemo.form.cmdHint" />
            </Text>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={payloadId}>
              <FormattedMessage id="wsDemo.form.payload" />
            </Text>
            <TextArea
              id={payloadId}
              rows={5}
              value={payload}
              onChange={(event) => setPayload(event.target.value)}
              spellCheck={false}
              className="ws-demo-payload"
            />
          </Flex>
          {shownProblem && (
            <Callout.Root color="red" size="1" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{intl.formatMessage({ id: shownProblem.id }, shownProblem.values)}</Callout.Text>
            </Callout.Root>
          )}
          {publishedAt !== null && (
            <Text size="2" color="green" role="status">
              <CheckIcon aria-hidden />{' '}
              <FormattedMessage id="wsDemo.form.published" values={{ date: new Date(publishedAt) }} />
            </Text>
          )}
          <Flex>
            <Button type="submit" loading={busy} disabled={disabled || !canPublish}>
              <FormattedMessage id="wsDemo.form.submit" />
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
