// 'Revoke this key?': nothing is revoked until confirmed here.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { selectPendingRevoke, type apiKeysListMachine } from '../../machines/api-keys/api-keys-list.machine';

export function RevokeDialog({ list }: { list: ActorRefFrom<typeof apiKeysListMachine> }) {
  const intl = useIntl();
  const pending = useSelector(list, selectPendingRevoke);
  const t = (id: string) => intl.formatMessage({ id }, { name: pending?.prefix ?? '' });
  return (
    <AlertDialog.Root
      open={pending !== undefined}
      onOpenChange={(open) => (open ? undefined : list.send({ type: 'revoke.cancel' }))}
    >
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('apiKeys.revokeConfirm.title')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('apiKeys.revokeConfirm.text')}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('apiKeys.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={() => list.send({ type: 'revoke.confirm' })}>
              {t('apiKeys.revokeConfirm.confirm')}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
