// /settings/profile: the profile fields (name, photo, bio, languages, public email, links) saved
// with PATCH; the server's validation failure names the field, which is marked beside the form.
// Below the form: the account's sessions and its deletion (issue 15).
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Box, Button, Callout, Flex, Heading, Link, Text, TextArea, TextField } from '@radix-ui/themes';
import { NAME_MAX_LENGTH, type CurrentUser } from '../../../api/contract';
import { useSetAtom } from '../../../atoms/store';
import { currentUserAtom } from '../../../atoms/accounts/session.atoms';
import { SignedInPage } from '../../../components/accounts/login-required';
import { FailureCallout, failureSentence } from '../../../components/accounts/failure-callout';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { SuccessCallout } from '../../../components/status/success-callout';
import { errorMessage } from '../../../i18n/error-message';
import {
  profileEditMachine,
  selectForm,
  selectFormShown,
  selectLoadError,
  selectLoading,
  selectSaveError,
  selectSaved,
  selectSaving,
  type ProfileField,
} from '../../../machines/accounts/profile-edit.machine';
import { DeleteAccountSection } from './delete-account-section';
import { SessionsSection } from './sessions-section';
import '../../../components/accounts/accounts.css';

/** Field → input type and autocomplete hint; bio is a text area. */
const FIELDS: { field: ProfileField; type?: 'url' | 'email'; autoComplete?: string }[] = [
  { field: 'first_name', autoComplete: 'given-name' },
  { field: 'last_name', autoComplete: 'family-name' },
  { field: 'photo_url', type: 'url', autoComplete: 'photo' },
  { field: 'bio' },
  { field: 'languages', autoComplete: 'off' },
  { field: 'public_email', type: 'email', autoComplete: 'email' },
  { field: 'linkedin_url', type: 'url', autoComplete: 'url' },
  { field: 'website_url', type: 'url', autoComplete: 'url' },
];

export function ProfileSettingsScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'settings.profile.title' });

  return <SignedInPage title={title}>{(user) => <ProfileForm key={user.id} user={user} title={title} />}</SignedInPage>;
}

function ProfileForm({ user, title }: { user: CurrentUser; title: string }) {
  const intl = useIntl();
  const setUser = useSetAtom(currentUserAtom);
  const formId = useId();
  const edit = useActorRef(
    profileEditMachine.provide({
      actions: {
        // The header's name follows the saved one.
        profileSaved: (_, { profile }) =>
          setUser((previous) =>
            previous ? { ...previous, first_name: profile.first_name, last_name: profile.last_name } : previous,
          ),
      },
    }),
    { input: { userId: user.id } },
  );
  const loading = useSelector(edit, selectLoading);
  const formShown = useSelector(edit, selectFormShown);
  const saving = useSelector(edit, selectSaving);
  const saved = useSelector(edit, selectSaved);
  const form = useSelector(edit, selectForm);
  const loadError = useSelector(edit, selectLoadError);
  const error = useSelector(edit, selectSaveError);
  const badField = FIELDS.find(({ field }) => field === error?.field)?.field;
  // The refused field by its label on this form.
  const badFieldLabel = badField && intl.formatMessage({ id: `settings.profile.field.${badField}` });

  return (
    <Flex direction="column" gap="4" className="page account-form">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Flex gap="4" wrap="wrap">
        <Link asChild size="2">
          <RouterLink href="/settings/handle">{intl.formatMessage({ id: 'settings.handleLink' })}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink href="/settings/api-keys">{intl.formatMessage({ id: 'apiKeys.settingsLink' })}</RouterLink>
        </Link>
        <Link asChild size="2">
          <RouterLink href={`/u/${encodeURIComponent(user.username)}`}>
            {intl.formatMessage({ id: 'settings.publicProfileLink' })}
          </RouterLink>
        </Link>
      </Flex>

      {loading && <LoadingStatus label={intl.formatMessage({ id: 'settings.profile.loading' })} />}
      {loadError && (
        <ErrorCallout
          retry={{
            label: intl.formatMessage({ id: 'settings.retry' }),
            onClick: () => edit.send({ type: 'profile.retry' }),
          }}
        >
          <Callout.Text>
            {intl.formatMessage(
              { id: 'settings.profile.loadFailed' },
              { message: errorMessage(intl, loadError, 'profile') },
            )}
          </Callout.Text>
        </ErrorCallout>
      )}

      {formShown && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            edit.send({ type: 'profile.submit' });
          }}
        >
          <Flex direction="column" gap="3">
            {FIELDS.map(({ field, type, autoComplete }) => {
              const id = `${formId}-${field}`;
              const hintId = `${id}-hint`;
              const errorId = `${id}-error`;
              const invalid = badField === field;
              const isName = field === 'first_name' || field === 'last_name';
              const hasHint = isName || field === 'languages' || field === 'photo_url' || field === 'bio';
              const describedBy =
                [hasHint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
              const common = {
                id,
                value: form[field],
                disabled: saving,
                'aria-invalid': invalid || undefined,
                'aria-describedby': describedBy,
                onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                  edit.send({ type: 'profile.field', field, value: event.target.value }),
              };
              return (
                <Box key={field}>
                  <Text as="label" htmlFor={id} size="2" weight="medium">
                    {intl.formatMessage({ id: `settings.profile.field.${field}` })}
                  </Text>
                  {field === 'bio' ? (
                    <TextArea {...common} mt="1" rows={5} maxLength={2000} />
                  ) : (
                    <TextField.Root
                      {...common}
                      mt="1"
                      type={type ?? 'text'}
                      maxLength={isName ? NAME_MAX_LENGTH : undefined}
                      autoComplete={autoComplete}
                      spellCheck={type ? false : undefined}
                    />
                  )}
                  {hasHint && (
                    <Text as="p" id={hintId} size="1" color="gray" mt="1">
                      {isName
                        ? intl.formatMessage({ id: 'settings.profile.hint.name' }, { count: NAME_MAX_LENGTH })
                        : intl.formatMessage({ id: `settings.profile.hint.${field}` })}
                    </Text>
                  )}
                  {invalid && error && (
                    <Text as="p" id={errorId} size="1" color="red" mt="1">
                      {failureSentence(intl, error, 'profile', badFieldLabel)}
                    </Text>
                  )}
                </Box>
              );
            })}
            <Flex>
              <Button type="submit" disabled={saving} loading={saving}>
                {intl.formatMessage({ id: 'settings.profile.save' })}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}

      {saved && (
        <SuccessCallout>
          <Callout.Text>{intl.formatMessage({ id: 'settings.profile.saved' })}</Callout.Text>
        </SuccessCallout>
      )}
      {error && <FailureCallout error={error} context="profile" fieldLabel={badFieldLabel} />}

      <SessionsSection />
      <DeleteAccountSection />
    </Flex>
  );
}
