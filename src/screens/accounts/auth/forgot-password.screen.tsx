// Forgotten password (/auth/forgot): the email address to send a reset link to, then a card
// saying the link is on its way and expires in an hour. The flow is the forgot-password-form machine.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Strong, Text } from '@radix-ui/themes';
import { selectField, selectSucceeded } from '../../../machines/accounts/auth-form.machine';
import { forgotPasswordFormMachine } from '../../../machines/accounts/forgot-password-form.machine';
import { AuthEmailField, AuthFooterLink, AuthForm, AuthPage, AuthResult, useAuthForm } from './auth-layout';

export function ForgotPasswordScreen() {
  const intl = useIntl();
  const form = useAuthForm(forgotPasswordFormMachine, 'forgot');
  const sent = useSelector(form, selectSucceeded);
  const email = useSelector(form, selectField('email'));
  const title = intl.formatMessage({ id: 'auth.forgot.title' });

  const backToLogin = (
    <AuthFooterLink href="/auth/login" label={intl.formatMessage({ id: 'auth.forgot.backToLogin' })} />
  );

  if (sent) {
    return (
      <AuthPage title={title}>
        <AuthResult testId="forgot-success" heading={intl.formatMessage({ id: 'auth.forgot.checkInboxTitle' })}>
          <Text as="p" size="2">
            {intl.formatMessage(
              { id: 'auth.forgot.sentTo' },
              { email: <Strong className="auth-email">{email.trim()}</Strong> },
            )}
          </Text>
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'auth.forgot.expires' })}
          </Text>
        </AuthResult>
        {backToLogin}
      </AuthPage>
    );
  }

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.forgot.intro' })}>
      <AuthForm form={form} label={title} submitLabel={intl.formatMessage({ id: 'auth.forgot.submit' })}>
        <AuthEmailField form={form} id="forgot-email" />
      </AuthForm>
      {backToLogin}
    </AuthPage>
  );
}
