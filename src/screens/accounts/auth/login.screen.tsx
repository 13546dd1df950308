// Login (/auth/login): email and password, links to the forgotten-password and register pages,
// the outcome of an email verification link (?verified=1 / ?verify_error=...), and for an
// unverified address a way to get the link again; a locked source (423) and a wait (429) say what
// to do and for how long. The flows are the login-form and resend-verification machines.
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

/**
 * What the verification link's redirect may report (?verify_error=): known codes get their own
 * sentence, anything else the general one. The address's text is never shown: a link could
 * otherwise put any words on this page.
 */
const VERIFY_ERROR_MESSAGES: Record<string, string> = {
  invalid_or_expired_token: 'auth.login.verifyExpired',
  phone_already_exists: 'auth.login.verifyPhoneTaken',
};

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
            {intl.formatMessage({ id: VERIFY_ERROR_MESSAGES[verifyError] ?? 'auth.login.verifyFailed' })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {failure?.detail === 'email_not_verified' && <ResendVerification form={form} failure={failure} />}
      {(failure?.detail === 'account_locked' || failure?.detail === 'rate_limited') && (
        <SignInBlocked failure={failure} />
      )}
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

/**
 * 423: this address or browser is locked out of the account (another browser that signed in
 * before, or the mailed reset link, still works). 429: when to try again.
 */
function SignInBlocked({ failure }: { failure: ApiError }) {
  const intl = useIntl();
  const seconds = failure.retryAfter ?? 0;
  return (
    <ErrorCallout>
      <Callout.Text>{errorMessage(intl, failure, 'login')}</Callout.Text>
      {failure.detail === 'account_locked' && (
        <Callout.Text>{intl.formatMessage({ id: 'auth.login.lockedHelp' })}</Callout.Text>
      )}
      {failure.detail === 'rate_limited' && seconds > 0 && (
        <Callout.Text>
          {seconds < 90
            ? intl.formatMessage({ id: 'auth.login.retryInSeconds' }, { count: seconds })
            : intl.formatMessage({ id: 'auth.login.retryInMinutes' }, { count: Math.ceil(seconds / 60) })}
        </Callout.Text>
      )}
    </ErrorCallout>
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
      {/* The resend call's own failure: not a login's wording (its 429 is not the login's). */}
      {error && <Callout.Text>{errorMessage(intl, error)}</Callout.Text>}
    </ErrorCallout>
  );
}
