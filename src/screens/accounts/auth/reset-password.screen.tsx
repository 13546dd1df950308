// New password (/auth/reset?token=...): the token from the emailed link (prefilled) and the new
// password; on success a confirmation, then the login page. The flow is the reset-password-form machine.
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { Text } from '@radix-ui/themes';
import { selectSucceeded } from '../../../machines/accounts/auth-form.machine';
import { resetPasswordFormMachine } from '../../../machines/accounts/reset-password-form.machine';
import {
  AuthField,
  AuthNewPasswordField,
  AuthFooterLink,
  AuthForm,
  AuthPage,
  AuthResult,
  GoToLoginButton,
  useAuthForm,
} from './auth-layout';

export function ResetPasswordScreen() {
  const intl = useIntl();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const form = useAuthForm(resetPasswordFormMachine, 'reset', { input: { token } });
  const done = useSelector(form, selectSucceeded);
  const title = intl.formatMessage({ id: 'auth.reset.title' });

  if (done) {
    return (
      <AuthPage title={title}>
        <AuthResult testId="reset-success" heading={intl.formatMessage({ id: 'auth.reset.successTitle' })}>
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'auth.reset.redirecting' })}
          </Text>
          <GoToLoginButton />
        </AuthResult>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.reset.intro' })}>
      <AuthForm form={form} label={title} submitLabel={intl.formatMessage({ id: 'auth.reset.submit' })}>
        <AuthField
          form={form}
          name="token"
          id="reset-token"
          label={intl.formatMessage({ id: 'auth.field.resetToken' })}
          autoComplete="off"
          required
        />
        <AuthNewPasswordField
          form={form}
          id="reset-password"
          label={intl.formatMessage({ id: 'auth.field.newPassword' })}
        />
      </AuthForm>
      <AuthFooterLink href="/auth/forgot" label={intl.formatMessage({ id: 'auth.reset.newLink' })} />
    </AuthPage>
  );
}
