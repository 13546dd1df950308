// The create form: scopes (memory.read checked), description, expiry date, owner type and
// organization ID. An organization without an ID says so and sends nothing (the machine's guard).
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Box, Button, Callout, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { API_KEY_DESCRIPTION_MAX, API_KEY_SCOPES } from '../../api/contract/api-keys';
import {
  selectCreateError,
  selectForm,
  selectMissingOrganization,
  selectSubmitting,
  type apiKeyCreateMachine,
} from '../../machines/api-keys/api-key-create.machine';
import { FailureText } from './failure-text';

const SCOPE_LABEL = { 'memory.read': 'read', 'memory.write': 'write', 'memory.manage': 'manage' } as const;

export function CreateKeyForm({ create }: { create: ActorRefFrom<typeof apiKeyCreateMachine> }) {
  const intl = useIntl();
  const id = useId();
  const form = useSelector(create, selectForm);
  const submitting = useSelector(create, selectSubmitting);
  const error = useSelector(create, selectCreateError);
  const missingOrganization = useSelector(create, selectMissingOrganization);
  const t = (key: string) => intl.formatMessage({ id: `apiKeys.create.${key}` });
  const today = new Date();
  const minDay = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby={`${id}-title`} className="account-form">
        <Heading as="h2" size="4" id={`${id}-title`}>
          {t('title')}
        </Heading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.send({ type: 'form.submit' });
          }}
        >
          <Flex direction="column" gap="3">
            <fieldset className="owner-switch">
              <Text as="div" size="2" weight="medium" asChild>
                <legend>{t('scopes')}</legend>
              </Text>
              <Flex direction="column" gap="1">
                {API_KEY_SCOPES.map((scope) => (
                  <Text as="label" size="2" key={scope}>
                    <Flex gap="2" align="center">
                      <input
                        type="checkbox"
                        checked={form.scopes.includes(scope)}
                        onChange={(event) => create.send({ type: 'form.scope', scope, checked: event.target.checked })}
                      />
                      {intl.formatMessage({ id: `apiKeys.scope.${SCOPE_LABEL[scope]}` })}
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </fieldset>
            <Box>
              <Text as="label" htmlFor={`${id}-description`} size="2" weight="medium">
                {t('description')}
              </Text>
              <TextField.Root
                id={`${id}-description`}
                mt="1"
                value={form.description}
                maxLength={API_KEY_DESCRIPTION_MAX}
                onChange={(event) => create.send({ type: 'form.description', value: event.target.value })}
              />
            </Box>
            <Box>
              <Text as="label" htmlFor={`${id}-expires`} size="2" weight="medium">
                {t('expiresOn')}
              </Text>
              <TextField.Root
                id={`${id}-expires`}
                mt="1"
                type="date"
                min={minDay}
                value={form.expiresOn}
                onChange={(event) => create.send({ type: 'form.expiresOn', value: event.target.value })}
              />
            </Box>
            <Box>
              <Text as="label" htmlFor={`${id}-owner`} size="2" weight="medium">
                {t('ownerType')}
              </Text>
              <Box mt="1">
                <select
                  id={`${id}-owner`}
                  className="account-select"
                  value={form.ownerType}
                  onChange={(event) =>
                    create.send({ type: 'form.ownerType', value: event.target.value as 'user' | 'organization' })
                  }
                >
                  <option value="user">{t('ownerUser')}</option>
                  <option value="organization">{t('ownerOrganization')}</option>
                </select>
              </Box>
            </Box>
            {form.ownerType === 'organization' && (
              <Box>
                <Text as="label" htmlFor={`${id}-org`} size="2" weight="medium">
                  {t('organizationId')}
                </Text>
                <TextField.Root
                  id={`${id}-org`}
                  mt="1"
                  value={form.organizationId}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={missingOrganization ? true : undefined}
                  aria-describedby={missingOrganization ? `${id}-org-missing` : undefined}
                  onChange={(event) => create.send({ type: 'form.organizationId', value: event.target.value })}
                />
              </Box>
            )}
            {missingOrganization && (
              <Callout.Root color="red" role="alert" id={`${id}-org-missing`}>
                <Callout.Text>{intl.formatMessage({ id: 'apiKeys.needsOrganization' })}</Callout.Text>
              </Callout.Root>
            )}
            {error && <FailureText error={error} />}
            <Flex>
              <Button type="submit" loading={submitting}>
                {t('submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </section>
    </Flex>
  );
}
