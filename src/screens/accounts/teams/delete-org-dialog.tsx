// 'Delete this organization?': nothing is deleted until confirmed here; a refusal (it still owns
// collections) is shown in the dialog, which stays open.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import {
  selectActionError,
  selectDeleteAsked,
  selectDeleting,
  type teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { ErrorCallout } from '../../../components/status/error-callout';
import { errorMessage } from '../../../i18n/error-message';

export function DeleteOrgDialog({ teams }: { teams: ActorRefFrom<typeof teamsMachine> }) {
  const intl = useIntl();
  const asked = useSelector(teams, selectDeleteAsked);
  const deleting = useSelector(teams, selectDeleting);
  const error = useSelector(teams, selectActionError);
  const t = (id: string) => intl.formatMessage({ id }, { name: asked?.name ?? '' });
  return (
    <AlertDialog.Root
      open={asked !== undefined}
      onOpenChange={(open) => (open || deleting ? undefined : teams.send({ type: 'delete.cancel' }))}
    >
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('teams.delete.title')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('teams.delete.text')}</AlertDialog.Description>
        {error && (
          <ErrorCallout mt="3">
            <Callout.Text>{errorMessage(intl, error, 'teams')}</Callout.Text>
          </ErrorCallout>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleting}>
              {t('teams.delete.cancel')}
            </Button>
          </AlertDialog.Cancel>
          {/* Not an AlertDialog.Action: that would close the dialog before the answer comes. */}
          <Button color="red" loading={deleting} onClick={() => teams.send({ type: 'delete.confirm' })}>
            {t('teams.delete.confirm')}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
