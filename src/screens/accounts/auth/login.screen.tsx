// Login (/auth/login): email and password, links to the forgotten-password and register pages,
// the outcome of an email verification link (?verified=1 / ?verify_error=...), and for an
// unverified address a way to get the link again. The flows are the login-form and
// resend-verification machines.
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Callout, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import type { ApiError } from '../../../api/client';
import type { CurrentUser } from '../../../api/contract';
import { errorMessage } from '../../../i18n/error-message';
import { selectError, selectField } from '../../../machines/accounts/auth-form.machine';
import { loginFormMachine } from '../../../machines/accounts/login-form.machine';
import {
  resendVerificationMachine,
  selectResendError,
  selectSentTo,
} from '../../../machines/accounts/resend-verification.machine';
import { useSession } from '../../../components/session/session-provider';
import { ErrorCallout } from '../../../components/status/error-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import { safeReturnPath } from '../../../shared/return-path';
import {
  AuthEmailField,
  AuthField,
  AuthFooterLink,
  AuthForm,
  AuthPage,
  useAuthForm,
  type AuthFormActor,
} from './auth-layout';

// Long enough to read the welcome, gone before it is in the way.
const LOGIN_SUCCESS_TOAST_MS = 2000;

export function LoginScreen() {
  const intl = useIntl();
  const session = useSession();
  const params = new URLSearchParams(useSearch());
  const form = useAuthForm(loginFormMachine, 'login', {
    successToastMs: LOGIN_SUCCESS_TOAST_MS,
    onSuccess: (user) => session.send({ type: 'session.signedIn', user }),
    // Back to the page that asked for a login (the editor's 'Log in to translate').
    leaveTo: safeReturnPath(params.get('next')),
  });
  const failure = useSelector(form, selectError);
  const title = intl.formatMessage({ id: 'auth.login.title' });

  const verified = params.get('verified') === '1';
  const verifyError = params.get('verify_error');

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.login.intro' })}>
      {verified && (
        <SuccessCallout>
          <Callout.Text>{intl.formatMessage({ id: 'auth.login.verified' })}</Callout.Text>
        </SuccessCallout>
      )}
      {verifyError && (
        <ErrorCallout>
          <Callout.Text>
            {verifyError === 'invalid_or_expired_token'
              ? intl.formatMessage({ id: 'auth.login.verifyExpired' })
              : intl.formatMessage({ id: 'auth.login.verifyFailed' }, { message: verifyError })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {failure?.detail === 'email_not_verified' && <ResendVerification form={form} failure={failure} />}
      <AuthForm form={form} label={title} submitLabel={intl.formatMessage({ id: 'auth.login.submit' })}>
        <AuthEmailField form={form} id="login-email" />
        <Flex direction="column" gap="1">
          <AuthField
            form={form}
            name="password"
            id="login-password"
            label={intl.formatMessage({ id: 'auth.field.password' })}
            type="password"
            autoComplete="current-password"
            required
          />
          <Text size="2" align="right">
            <ThemeLink asChild underline="always">
              <Link href="/auth/forgot">{intl.formatMessage({ id: 'auth.login.forgotLink' })}</Link>
            </ThemeLink>
          </Text>
        </Flex>
      </AuthForm>
      <AuthFooterLink
        lead={intl.formatMessage({ id: 'auth.login.noAccount' })}
        href="/auth/register"
        label={intl.formatMessage({ id: 'auth.login.registerLink' })}
      />
    </AuthPage>
  );
}

/** The login answered email_not_verified: what that means, and a new link to the address typed. */
function ResendVerification({ form, failure }: { form: AuthFormActor<CurrentUser>; failure: ApiError }) {
  const intl = useIntl();
  const email = useSelector(form, selectField('email'));
  const resend = useActorRef(resendVerificationMachine);
  const sentTo = useSelector(resend, selectSentTo);
  const error = useSelector(resend, selectResendError);
  if (sentTo !== undefined) {
    return (
      <SuccessCallout>
        <Callout.Text>{intl.formatMessage({ id: 'auth.login.verificationResent' }, { email: sentTo })}</Callout.Text>
      </SuccessCallout>
    );
  }
  return (
    <ErrorCallout
      retry={{
        label: intl.formatMessage({ id: 'auth.login.resendVerification' }),
        onClick: () => resend.send({ type: 'resend.send', email }),
      }}
    >
      <Callout.Text>{errorMessage(intl, failure, 'login')}</Callout.Text>
      {error && <Callout.Text>{errorMessage(intl, error, 'login')}</Callout.Text>}
    </ErrorCallout>
  );
}
