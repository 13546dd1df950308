// Register (/auth/register): email, password, name, phone with its country code; after sending,
// a card with the address and the steps to finish. The flow is the register-form machine.
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Button, Flex, Grid, Link as ThemeLink, Select, Strong, Text } from '@radix-ui/themes';
import { PHONE_COUNTRIES, PhoneCountry } from '../../../api/contract';
import { useAtomValue } from '../../../atoms/store';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { registerFormMachine, type RegisterField } from '../../../machines/accounts/register-form.machine';
import { usePageTitle } from '../../../components/shell/use-page-title';
import { AuthField, AuthPage, FocusedHeading, useNotify } from './auth-layout';

type Snapshot = SnapshotFrom<typeof registerFormMachine>;
const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submit' });
const selectBusy = (s: Snapshot) => s.matches('submitting');
const selectRegisteredEmail = (s: Snapshot) => (s.matches('success') ? (s.context.registeredEmail ?? '') : undefined);
const selectCountry = (s: Snapshot) => s.context.phoneCountry;
const fieldSelector = (field: RegisterField) => (s: Snapshot) => s.context[field];
const selectors = {
  email: fieldSelector('email'),
  password: fieldSelector('password'),
  firstName: fieldSelector('firstName'),
  lastName: fieldSelector('lastName'),
  phone: fieldSelector('phone'),
};

/** 'CZ +420'; the issue calls Great Britain 'UK'. */
export const phoneCountryLabel = (country: PhoneCountry, callingCode: string) =>
  `${country === 'GB' ? 'UK' : country} ${callingCode}`;

export function RegisterScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const locale = useAtomValue(localeAtom);
  const form = useActorRef(registerFormMachine.provide({ actions: { notify: (_, toast) => notify(toast) } }));
  const canSubmit = useSelector(form, selectCanSubmit);
  const busy = useSelector(form, selectBusy);
  const registeredEmail = useSelector(form, selectRegisteredEmail);
  const country = useSelector(form, selectCountry);
  const values = {
    email: useSelector(form, selectors.email),
    password: useSelector(form, selectors.password),
    firstName: useSelector(form, selectors.firstName),
    lastName: useSelector(form, selectors.lastName),
    phone: useSelector(form, selectors.phone),
  };
  const title = intl.formatMessage({ id: 'auth.register.title' });
  usePageTitle(title);

  if (registeredEmail !== undefined) return <CheckInbox title={title} email={registeredEmail} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit', language: locale });
  };
  const field = (name: RegisterField) => ({
    id: `register-${name}`,
    value: values[name],
    readOnly: busy,
    onChange: (value: string) => form.send({ type: 'field.change', field: name, value }),
  });

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.register.intro' })}>
      <form onSubmit={submit} aria-label={title}>
        <Flex direction="column" gap="4">
          <AuthField
            {...field('email')}
            label={intl.formatMessage({ id: 'auth.field.email' })}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
          />
          <AuthField
            {...field('password')}
            label={intl.formatMessage({ id: 'auth.field.password' })}
            type="password"
            autoComplete="new-password"
            hint={intl.formatMessage({ id: 'auth.register.passwordHint' })}
            required
          />
          <Grid columns={{ initial: '1', xs: '2' }} gap="4">
            <AuthField
              {...field('firstName')}
              label={intl.formatMessage({ id: 'auth.field.firstName' })}
              autoComplete="given-name"
              required
            />
            <AuthField
              {...field('lastName')}
              label={intl.formatMessage({ id: 'auth.field.lastName' })}
              autoComplete="family-name"
              required
            />
          </Grid>
          <Flex gap="3" align="end">
            <Flex direction="column" gap="1" flexShrink="0">
              <Text as="label" htmlFor="register-country" size="2" weight="medium">
                {intl.formatMessage({ id: 'auth.field.countryCode' })}
              </Text>
              <Select.Root
                size="3"
                value={country}
                disabled={busy}
                onValueChange={(value) => form.send({ type: 'country.change', country: PhoneCountry.parse(value) })}
              >
                <Select.Trigger id="register-country" />
                <Select.Content>
                  {PHONE_COUNTRIES.map((option) => (
                    <Select.Item key={option.country} value={option.country}>
                      {phoneCountryLabel(option.country, option.calling_code)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            <Flex direction="column" flexGrow="1" minWidth="0">
              {/* tel-national: the country code is chosen beside it, so a browser must not fill in +420 again. */}
              <AuthField
                {...field('phone')}
                label={intl.formatMessage({ id: 'auth.field.phone' })}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                required
              />
            </Flex>
          </Flex>
          <Button type="submit" size="3" disabled={!canSubmit} loading={busy}>
            {intl.formatMessage({ id: 'auth.register.submit' })}
          </Button>
        </Flex>
      </form>
      <Text as="p" size="2" align="center">
        {intl.formatMessage({ id: 'auth.register.haveAccount' })}{' '}
        <ThemeLink asChild underline="always">
          <Link href="/auth/login">{intl.formatMessage({ id: 'auth.register.loginLink' })}</Link>
        </ThemeLink>
      </Text>
    </AuthPage>
  );
}

function CheckInbox({ title, email }: { title: string; email: string }) {
  const intl = useIntl();
  return (
    <AuthPage title={title}>
      <Flex direction="column" gap="3" data-testid="register-success">
        <FocusedHeading>{intl.formatMessage({ id: 'auth.register.checkInboxTitle' })}</FocusedHeading>
        <Text as="p" size="2">
          {intl.formatMessage({ id: 'auth.register.sentTo' })} <Strong className="auth-email">{email}</Strong>
        </Text>
        <ol className="auth-steps">
          <li>
            <Text size="2">{intl.formatMessage({ id: 'auth.register.step.inbox' })}</Text>
          </li>
          <li>
            <Text size="2">{intl.formatMessage({ id: 'auth.register.step.link' })}</Text>
          </li>
          <li>
            <Text size="2">{intl.formatMessage({ id: 'auth.register.step.login' })}</Text>
          </li>
        </ol>
        <Button asChild size="3">
          <Link href="/auth/login">{intl.formatMessage({ id: 'auth.register.goToLogin' })}</Link>
        </Button>
      </Flex>
    </AuthPage>
  );
}
