// Renaming an organization on /teams (owners): its name and its address (slug), inside its card.
// The state lives in teamsMachine; a slug in use answers 409 slug_taken, shown on the field.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import {
  selectActionError,
  selectCanRename,
  selectRenameForm,
  selectRenameSaving,
  type teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { ErrorCallout } from '../../../components/status/error-callout';
import { errorMessage } from '../../../i18n/error-message';

export function RenameOrgForm({
  teams,
  orgName,
}: {
  teams: ActorRefFrom<typeof teamsMachine>;
  /** The saved name: the form's label, whatever is typed. */
  orgName: string;
}) {
  const intl = useIntl();
  const formId = useId();
  const form = useSelector(teams, selectRenameForm);
  const saving = useSelector(teams, selectRenameSaving);
  const canSave = useSelector(teams, selectCanRename);
  const error = useSelector(teams, selectActionError);
  if (!form) return null;
  const slugTaken = error?.detail === 'slug_taken';

  return (
    <form
      noValidate
      className="account-form"
      aria-label={intl.formatMessage({ id: 'teams.renameOf' }, { name: orgName })}
      onSubmit={(event) => {
        event.preventDefault();
        teams.send({ type: 'rename.submit' });
      }}
    >
      <Flex direction="column" gap="3" mt="3">
        <Box>
          <Text as="label" htmlFor={`${formId}-name`} size="2" weight="medium">
            {intl.formatMessage({ id: 'teams.rename.name' })}
          </Text>
          <TextField.Root
            id={`${formId}-name`}
            mt="1"
            value={form.name}
            maxLength={120}
            required
            // Opened from its Rename button: the keyboard goes on here.
            autoFocus
            onChange={(event) => teams.send({ type: 'rename.field', field: 'name', value: event.target.value })}
          />
        </Box>
        <Box>
          <Text as="label" htmlFor={`${formId}-slug`} size="2" weight="medium">
            {intl.formatMessage({ id: 'teams.rename.slug' })}
          </Text>
          <TextField.Root
            id={`${formId}-slug`}
            mt="1"
            value={form.nextSlug}
            maxLength={50}
            required
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={slugTaken || undefined}
            aria-describedby={`${formId}-slug-hint`}
            onChange={(event) => teams.send({ type: 'rename.field', field: 'slug', value: event.target.value })}
          />
          <Text as="p" id={`${formId}-slug-hint`} size="1" color="gray" mt="1">
            {intl.formatMessage({ id: 'teams.rename.slugHint' })}
          </Text>
        </Box>
        {error && (
          <ErrorCallout>
            <Callout.Text>{errorMessage(intl, error, 'teams')}</Callout.Text>
          </ErrorCallout>
        )}
        <Flex gap="2">
          <Button type="submit" size="2" disabled={!canSave} loading={saving}>
            {intl.formatMessage({ id: 'teams.rename.save' })}
          </Button>
          <Button
            type="button"
            size="2"
            variant="soft"
            color="gray"
            disabled={saving}
            onClick={() => teams.send({ type: 'rename.cancel' })}
          >
            {intl.formatMessage({ id: 'teams.rename.cancel' })}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
