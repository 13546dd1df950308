// Settings → Delete account: the password, then a confirmation dialog; on success the app signs
// out here, goes home and says so. The flow is accountDeleteMachine's.
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { AlertDialog, Button, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useSetAtom } from '../../../atoms/store';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { FailureCallout } from '../../../components/accounts/failure-callout';
import { showToastAtom } from '../../../components/toast/toast.atoms';
import {
  accountDeleteMachine,
  selectDeleteConfirming,
  selectDeleteError,
  selectDeletePassword,
  selectDeleting,
} from '../../../machines/accounts/account-delete.machine';

export function DeleteAccountSection() {
  const intl = useIntl();
  const setUser = useSetAtom(currentUserAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const id = useId();
  // Provided once: the machine's actions are fixed for the screen's life.
  const [machine] = useState(() =>
    accountDeleteMachine.provide({
      actions: {
        accountDeleted: () => {
          setUser(null);
          showToast({ variant: 'success', title: { id: 'settings.delete.done' } });
          navigate('/');
        },
      },
    }),
  );
  const deletion = useActorRef(machine);
  const password = useSelector(deletion, selectDeletePassword);
  const confirming = useSelector(deletion, selectDeleteConfirming);
  const deleting = useSelector(deletion, selectDeleting);
  const error = useSelector(deletion, selectDeleteError);
  const t = (key: string) => intl.formatMessage({ id: `settings.delete.${key}` });
  const passwordId = `${id}-password`;
  const hintId = `${id}-hint`;
  const headingId = `${id}-heading`;
  const passwordLabel = t('password');

  return (
    <Flex as="div" direction="column" gap="3" role="region" aria-labelledby={headingId}>
      <Heading as="h2" size="5" id={headingId}>
        {t('title')}
      </Heading>
      <Text as="p" size="2" color="gray">
        {t('intro')}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          deletion.send({ type: 'delete.request' });
        }}
      >
        <Flex direction="column" gap="3">
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={passwordId} size="2" weight="medium">
              {passwordLabel}
            </Text>
            <TextField.Root
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={deleting}
              aria-describedby={hintId}
              aria-invalid={error?.detail === 'password_incorrect' || undefined}
              onChange={(event) => deletion.send({ type: 'password.input', value: event.target.value })}
            />
            <Text as="p" id={hintId} size="1" color="gray">
              {t('passwordHint')}
            </Text>
          </Flex>
          <Flex>
            <Button type="submit" color="red" disabled={password === '' || deleting} loading={deleting}>
              {t('submit')}
            </Button>
          </Flex>
        </Flex>
      </form>
      {error && (
        <FailureCallout
          error={error}
          context="profile"
          fieldLabel={error.field === 'password' ? passwordLabel : undefined}
        />
      )}
      <AlertDialog.Root
        open={confirming}
        onOpenChange={(open) => (open ? undefined : deletion.send({ type: 'delete.cancel' }))}
      >
        <AlertDialog.Content maxWidth="460px">
          <AlertDialog.Title>{t('confirmTitle')}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t('confirmText')}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {t('cancel')}
              </Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: its close would send delete.cancel right after the confirm. */}
            <Button color="red" loading={deleting} onClick={() => deletion.send({ type: 'delete.confirm' })}>
              {t('confirm')}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
