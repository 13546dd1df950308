// Register (/auth/register): email, password and phone required, first and last name optional,
// the phone's calling code chosen beside it; after sending, a card with the address and the steps
// to finish. The flow is the register-form machine.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Flex, Grid, Select, Strong, Text } from '@radix-ui/themes';
import { NAME_MAX_LENGTH, PHONE_COUNTRIES } from '../../../api/contract';
import { useAtomValue } from '../../../atoms/store';
import { localeAtom } from '../../../atoms/shell/locale.atoms';
import { selectBusy, selectField } from '../../../machines/accounts/auth-form.machine';
import {
  CALLING_CODES,
  registerFormMachine,
  selectRegisteredEmail,
} from '../../../machines/accounts/register-form.machine';
import {
  AuthEmailField,
  AuthField,
  AuthNewPasswordField,
  AuthFooterLink,
  AuthForm,
  AuthPage,
  AuthResult,
  GoToLoginButton,
  useAuthForm,
} from './auth-layout';

/** 'CZ +420', 'US/CA +1': the countries that dial the code; the issue calls Great Britain 'UK'. */
export const callingCodeLabel = (callingCode: string) =>
  `${PHONE_COUNTRIES.filter((option) => option.calling_code === callingCode)
    .map((option) => (option.country === 'GB' ? 'UK' : option.country))
    .join('/')} ${callingCode}`;

export function RegisterScreen() {
  const intl = useIntl();
  const locale = useAtomValue(localeAtom);
  const form = useAuthForm(registerFormMachine, 'register');
  const busy = useSelector(form, selectBusy);
  const registeredEmail = useSelector(form, selectRegisteredEmail);
  const callingCode = useSelector(form, selectField('callingCode'));
  const title = intl.formatMessage({ id: 'auth.register.title' });
  const nameHint = intl.formatMessage({ id: 'settings.profile.hint.name' }, { count: NAME_MAX_LENGTH });

  if (registeredEmail !== undefined) return <CheckInbox title={title} email={registeredEmail} />;

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.register.intro' })}>
      <AuthForm
        form={form}
        label={title}
        submitLabel={intl.formatMessage({ id: 'auth.register.submit' })}
        language={locale}
      >
        <AuthEmailField form={form} id="register-email" />
        <AuthNewPasswordField
          form={form}
          id="register-password"
          label={intl.formatMessage({ id: 'auth.field.password' })}
        />
        <Grid columns={{ initial: '1', xs: '2' }} gap="4">
          <AuthField
            form={form}
            name="firstName"
            id="register-firstName"
            label={intl.formatMessage({ id: 'auth.field.firstName' })}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            hint={nameHint}
          />
          <AuthField
            form={form}
            name="lastName"
            id="register-lastName"
            label={intl.formatMessage({ id: 'auth.field.lastName' })}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            hint={nameHint}
          />
        </Grid>
        <Flex gap="3" align="end">
          <Flex direction="column" gap="1" flexShrink="0">
            <Text as="label" htmlFor="register-country" size="2" weight="medium">
              {intl.formatMessage({ id: 'auth.field.countryCode' })}
            </Text>
            <Select.Root
              size="3"
              value={callingCode}
              disabled={busy}
              onValueChange={(value) => form.send({ type: 'field.change', field: 'callingCode', value })}
            >
              <Select.Trigger id="register-country" />
              <Select.Content>
                {CALLING_CODES.map((code) => (
                  <Select.Item key={code} value={code}>
                    {callingCodeLabel(code)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" flexGrow="1" minWidth="0">
            {/* tel-national: the country code is chosen beside it, so a browser must not fill in +420 again. */}
            <AuthField
              form={form}
              name="phone"
              id="register-phone"
              label={intl.formatMessage({ id: 'auth.field.phone' })}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
            />
          </Flex>
        </Flex>
      </AuthForm>
      <AuthFooterLink
        lead={intl.formatMessage({ id: 'auth.register.haveAccount' })}
        href="/auth/login"
        label={intl.formatMessage({ id: 'auth.register.loginLink' })}
      />
    </AuthPage>
  );
}

function CheckInbox({ title, email }: { title: string; email: string }) {
  const intl = useIntl();
  return (
    <AuthPage title={title}>
      <AuthResult testId="register-success" heading={intl.formatMessage({ id: 'auth.register.checkInboxTitle' })}>
        <Text as="p" size="2">
          {intl.formatMessage(
            { id: 'auth.register.sentTo' },
            { email: <Strong className="auth-email">{email}</Strong> },
          )}
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
        <GoToLoginButton />
      </AuthResult>
    </AuthPage>
  );
}
