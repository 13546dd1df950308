// The latest 50 events of one key: when, what, and the details the server recorded.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import type { ApiKeyEvent } from '../../api/contract/api-keys';
import { LoadingStatus } from '../../components/status/loading-status';
import {
  selectEvents,
  selectEventsError,
  selectEventsKey,
  selectEventsLoading,
  type apiKeyEventsMachine,
} from '../../machines/api-keys/api-key-events.machine';
import { FailureText } from './failure-text';
import { formatTime } from './format-time';

/** The recorded details other than what the columns show: 'reason: …, ip: …'. */
const detailsOf = (event: ApiKeyEvent) =>
  [
    event.description,
    ...Object.entries(event.metadata).map(
      ([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    ),
  ]
    .filter(Boolean)
    .join(' · ');

export function EventsDialog({ events }: { events: ActorRefFrom<typeof apiKeyEventsMachine> }) {
  const intl = useIntl();
  const key = useSelector(events, selectEventsKey);
  const items = useSelector(events, selectEvents);
  const loading = useSelector(events, selectEventsLoading);
  const error = useSelector(events, selectEventsError);
  const t = (id: string) => intl.formatMessage({ id: `apiKeys.events.${id}` }, { name: key?.prefix ?? '' });

  return (
    <Dialog.Root
      open={key !== undefined}
      onOpenChange={(open) => (open ? undefined : events.send({ type: 'events.close' }))}
    >
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>{t('title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t('description')}
        </Dialog.Description>
        {loading && <LoadingStatus label={t('loading')} />}
        {error && <FailureText error={error} />}
        {!loading && !error && items.length === 0 && <Text as="p">{t('empty')}</Text>}
        {items.length > 0 && (
          <Box className="account-table-wrap">
            <Table.Root size="1" variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('column.time')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('column.type')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('column.details')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((event) => (
                  <Table.Row key={event.id}>
                    <Table.Cell>{formatTime(intl, event.created_at)}</Table.Cell>
                    <Table.Cell>{t(`type.${event.event_type}`)}</Table.Cell>
                    <Table.Cell>{detailsOf(event)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        <Flex mt="4" justify="end">
          <Dialog.Close>
            <Button>{t('close')}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
