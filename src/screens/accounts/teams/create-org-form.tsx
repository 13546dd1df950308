// The "create an organization" form of /teams: name, slug (suggested from the name until edited),
// abbreviation, website and any number of city + country rows. The state lives in teamsMachine.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Flex, Heading, IconButton, Link, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Link as RouterLink } from 'wouter';
import {
  selectCanCreate,
  selectCreateError,
  selectCreated,
  selectCreating,
  selectOrgForm,
  type OrgFormField,
  type teamsMachine,
} from '../../../machines/accounts/teams.machine';
import { ErrorCallout } from '../../../components/status/error-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import { errorMessage } from '../../../i18n/error-message';

const FIELDS: { field: OrgFormField; type?: 'url'; max: number; required?: boolean }[] = [
  { field: 'name', max: 120, required: true },
  { field: 'slug', max: 50, required: true },
  { field: 'abbreviation', max: 20 },
  { field: 'website', type: 'url', max: 500 },
];

export function CreateOrgForm({ teams }: { teams: ActorRefFrom<typeof teamsMachine> }) {
  const intl = useIntl();
  const formId = useId();
  const form = useSelector(teams, selectOrgForm);
  const error = useSelector(teams, selectCreateError);
  const created = useSelector(teams, selectCreated);
  const creating = useSelector(teams, selectCreating);
  const canCreate = useSelector(teams, selectCanCreate);

  return (
    <section aria-labelledby={`${formId}-heading`}>
      <Heading as="h2" size="5" mb="3" id={`${formId}-heading`}>
        {intl.formatMessage({ id: 'teams.create.title' })}
      </Heading>
      <form
        noValidate
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          teams.send({ type: 'create.submit' });
        }}
      >
        <Flex direction="column" gap="3">
          {FIELDS.map(({ field, type, max, required }) => {
            const id = `${formId}-${field}`;
            return (
              <Box key={field}>
                <Text as="label" htmlFor={id} size="2" weight="medium">
                  {intl.formatMessage({ id: `teams.create.${field}` })}
                </Text>
                <TextField.Root
                  id={id}
                  mt="1"
                  type={type ?? 'text'}
                  value={form[field]}
                  maxLength={max}
                  required={required}
                  disabled={creating}
                  spellCheck={field === 'name' ? undefined : false}
                  aria-describedby={field === 'slug' ? `${id}-hint` : undefined}
                  aria-invalid={
                    error?.field === field || (field === 'slug' && error?.detail === 'slug_taken') ? true : undefined
                  }
                  onChange={(event) => teams.send({ type: 'create.field', field, value: event.target.value })}
                />
                {field === 'slug' && (
                  <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
                    {intl.formatMessage({ id: 'teams.create.slugHint' })}
                  </Text>
                )}
              </Box>
            );
          })}

          <fieldset className="account-fieldset">
            <legend>
              <Text size="2" weight="medium">
                {intl.formatMessage({ id: 'teams.create.locations' })}
              </Text>
            </legend>
            <Flex direction="column" gap="2">
              {form.locations.map((location, index) => (
                <Flex key={index} gap="2" align="end" wrap="wrap">
                  <Box flexGrow="1">
                    <Text as="label" htmlFor={`${formId}-city-${index}`} size="1">
                      {intl.formatMessage({ id: 'teams.create.city' }, { count: index + 1 })}
                    </Text>
                    <TextField.Root
                      id={`${formId}-city-${index}`}
                      value={location.city}
                      maxLength={100}
                      disabled={creating}
                      onChange={(event) =>
                        teams.send({ type: 'create.location', index, field: 'city', value: event.target.value })
                      }
                    />
                  </Box>
                  <Box width="110px">
                    <Text as="label" htmlFor={`${formId}-country-${index}`} size="1">
                      {intl.formatMessage({ id: 'teams.create.country' }, { count: index + 1 })}
                    </Text>
                    <TextField.Root
                      id={`${formId}-country-${index}`}
                      value={location.country}
                      maxLength={2}
                      placeholder="CZ"
                      autoCapitalize="characters"
                      disabled={creating}
                      onChange={(event) =>
                        teams.send({ type: 'create.location', index, field: 'country', value: event.target.value })
                      }
                    />
                  </Box>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    disabled={creating}
                    aria-label={intl.formatMessage({ id: 'teams.create.removeLocation' }, { count: index + 1 })}
                    onClick={() => teams.send({ type: 'create.removeLocation', index })}
                  >
                    <TrashIcon />
                  </IconButton>
                </Flex>
              ))}
              <Flex>
                <Button
                  type="button"
                  variant="soft"
                  size="1"
                  disabled={creating}
                  onClick={() => teams.send({ type: 'create.addLocation' })}
                >
                  <PlusIcon aria-hidden />
                  {intl.formatMessage({ id: 'teams.create.addLocation' })}
                </Button>
              </Flex>
              <Text as="p" size="1" color="gray">
                {intl.formatMessage({ id: 'teams.create.countryHint' })}
              </Text>
            </Flex>
          </fieldset>

          <Flex>
            <Button type="submit" disabled={!canCreate} loading={creating}>
              {intl.formatMessage({ id: 'teams.create.submit' })}
            </Button>
          </Flex>
        </Flex>
      </form>

      {created && (
        <SuccessCallout mt="3">
          <Callout.Text>
            {intl.formatMessage({ id: 'teams.create.created' })}{' '}
            <Link asChild highContrast underline="always">
              <RouterLink href={`/org/${encodeURIComponent(created)}`}>
                {intl.formatMessage({ id: 'teams.create.openPage' })}
              </RouterLink>
            </Link>
          </Callout.Text>
        </SuccessCallout>
      )}
      {error && (
        <ErrorCallout mt="3">
          <Callout.Text>{errorMessage(intl, error, 'teams')}</Callout.Text>
        </ErrorCallout>
      )}
    </section>
  );
}
