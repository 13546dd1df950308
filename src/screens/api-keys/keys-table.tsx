// The key table: prefix, description, scopes, status, created, last used, expires, and the
// actions (Rotate and Revoke for the user's keys, Events for all; a managed key says so).
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Badge, Box, Button, Callout, Code, Flex, Table, Text } from '@radix-ui/themes';
import type { ApiKey } from '../../api/contract/api-keys';
import { LoadingStatus } from '../../components/status/loading-status';
import {
  selectActionError,
  selectBusyKeyId,
  selectKeys,
  selectListError,
  selectLoading,
  selectNeedsOrganization,
  type apiKeysListMachine,
} from '../../machines/api-keys/api-keys-list.machine';
import { FailureText } from './failure-text';
import { formatTime } from './format-time';

const STATUS_COLOR = { active: 'green', revoked: 'red', expired: 'gray' } as const;

export function KeysTable({
  list,
  onEvents,
}: {
  list: ActorRefFrom<typeof apiKeysListMachine>;
  onEvents: (key: ApiKey) => void;
}) {
  const intl = useIntl();
  const keys = useSelector(list, selectKeys);
  const loading = useSelector(list, selectLoading);
  const needsOrganization = useSelector(list, selectNeedsOrganization);
  const error = useSelector(list, selectListError);
  const actionError = useSelector(list, selectActionError);
  const busyKeyId = useSelector(list, selectBusyKeyId);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  if (needsOrganization)
    return (
      <Callout.Root color="gray" variant="surface">
        <Callout.Text>{t('apiKeys.needsOrganization')}</Callout.Text>
      </Callout.Root>
    );
  if (error) return <FailureText error={error} />;
  if (loading && keys.length === 0) return <LoadingStatus label={t('apiKeys.loading')} />;

  return (
    <Flex direction="column" gap="3">
      {actionError && <FailureText error={actionError} />}
      {keys.length === 0 ? (
        <Text as="p" color="gray">
          {t('apiKeys.empty')}
        </Text>
      ) : (
        <Box className="account-table-wrap">
          <Table.Root variant="surface" size="1" aria-label={t('apiKeys.table.label')}>
            <Table.Header>
              <Table.Row>
                {['prefix', 'description', 'scopes', 'status', 'created', 'lastUsed', 'expires', 'actions'].map(
                  (column) => (
                    <Table.ColumnHeaderCell key={column}>{t(`apiKeys.column.${column}`)}</Table.ColumnHeaderCell>
                  ),
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {keys.map((key) => (
                <Table.Row key={key.id} data-testid={`api-key-${key.prefix}`}>
                  <Table.RowHeaderCell>
                    <Code variant="ghost">{key.prefix}</Code>
                  </Table.RowHeaderCell>
                  <Table.Cell>{key.description}</Table.Cell>
                  <Table.Cell>{key.scopes.join(', ')}</Table.Cell>
                  <Table.Cell>
                    <Badge color={STATUS_COLOR[key.status]}>{t(`apiKeys.status.${key.status}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{formatTime(intl, key.created_at)}</Table.Cell>
                  <Table.Cell>
                    {key.last_used_at ? formatTime(intl, key.last_used_at) : t('apiKeys.notUsed')}
                  </Table.Cell>
                  <Table.Cell>{key.expires_at ? formatTime(intl, key.expires_at) : t('apiKeys.never')}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" align="center" wrap="wrap">
                      {key.managed ? (
                        <Text size="1" color="gray">
                          {t('apiKeys.managed')}
                        </Text>
                      ) : (
                        key.status === 'active' && (
                          <>
                            <Button
                              size="1"
                              variant="soft"
                              loading={busyKeyId === key.id}
                              aria-label={t('apiKeys.rotateLabel', { name: key.prefix })}
                              onClick={() => list.send({ type: 'key.rotate', key })}
                            >
                              {t('apiKeys.rotate')}
                            </Button>
                            <Button
                              size="1"
                              variant="soft"
                              color="red"
                              aria-label={t('apiKeys.revokeLabel', { name: key.prefix })}
                              onClick={() => list.send({ type: 'key.revoke', key })}
                            >
                              {t('apiKeys.revoke')}
                            </Button>
                          </>
                        )
                      )}
                      <Button
                        size="1"
                        variant="ghost"
                        aria-label={t('apiKeys.eventsLabel', { name: key.prefix })}
                        onClick={() => onEvents(key)}
                      >
                        {t('apiKeys.events')}
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Flex>
  );
}
