// Login (/auth/login): email and password, links to the forgotten-password and register pages,
// and the outcome of an email verification link (?verified=1 / ?verify_error=...). The flow is
// the login-form machine.
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Button, Callout, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { loginFormMachine } from '../../../machines/accounts/login-form.machine';
import { useSession } from '../../../components/session/session-provider';
import { usePageTitle } from '../../../components/shell/use-page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { SuccessCallout } from '../../../components/status/success-callout';
import { AuthField, AuthPage, useNotify } from './auth-layout';

type Snapshot = SnapshotFrom<typeof loginFormMachine>;
const selectEmail = (s: Snapshot) => s.context.email;
const selectPassword = (s: Snapshot) => s.context.password;
const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submit' });
const selectBusy = (s: Snapshot) => s.matches('submitting');
const selectDone = (s: Snapshot) => s.matches('success') || s.matches('done');

export function LoginScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const session = useSession();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const form = useActorRef(
    loginFormMachine.provide({
      actions: {
        notify: (_, toast) => notify(toast),
        signedIn: (_, { user }) => session.send({ type: 'session.signedIn', user }),
        navigate: (_, { to }) => navigate(to),
      },
    }),
  );
  const email = useSelector(form, selectEmail);
  const password = useSelector(form, selectPassword);
  const canSubmit = useSelector(form, selectCanSubmit);
  const busy = useSelector(form, selectBusy);
  const done = useSelector(form, selectDone);
  const title = intl.formatMessage({ id: 'auth.login.title' });
  usePageTitle(title);

  const verified = params.get('verified') === '1';
  const verifyError = params.get('verify_error');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };

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
      <form onSubmit={submit} aria-label={title}>
        <Flex direction="column" gap="4">
          <AuthField
            id="login-email"
            label={intl.formatMessage({ id: 'auth.field.email' })}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            readOnly={busy || done}
            value={email}
            onChange={(value) => form.send({ type: 'field.change', field: 'email', value })}
          />
          <Flex direction="column" gap="1">
            <AuthField
              id="login-password"
              label={intl.formatMessage({ id: 'auth.field.password' })}
              type="password"
              autoComplete="current-password"
              required
              readOnly={busy || done}
              value={password}
              onChange={(value) => form.send({ type: 'field.change', field: 'password', value })}
            />
            <Text size="2" align="right">
              <ThemeLink asChild underline="always">
                <Link href="/auth/forgot">{intl.formatMessage({ id: 'auth.login.forgotLink' })}</Link>
              </ThemeLink>
            </Text>
          </Flex>
          <Button type="submit" size="3" disabled={!canSubmit} loading={busy}>
            {intl.formatMessage({ id: 'auth.login.submit' })}
          </Button>
        </Flex>
      </form>
      <Text as="p" size="2" align="center">
        {intl.formatMessage({ id: 'auth.login.noAccount' })}{' '}
        <ThemeLink asChild underline="always">
          <Link href="/auth/register">{intl.formatMessage({ id: 'auth.login.registerLink' })}</Link>
        </ThemeLink>
      </Text>
    </AuthPage>
  );
}
