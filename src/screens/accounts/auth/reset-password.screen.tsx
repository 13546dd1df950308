// New password (/auth/reset?token=...): the token from the emailed link (prefilled) and the new
// password; on success a confirmation, then the login page. The flow is the reset-password-form machine.
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Button, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { resetPasswordFormMachine } from '../../../machines/accounts/reset-password-form.machine';
import { usePageTitle } from '../../../components/shell/use-page-title';
import { AuthField, AuthPage, FocusedHeading, useNotify } from './auth-layout';

type Snapshot = SnapshotFrom<typeof resetPasswordFormMachine>;
const selectToken = (s: Snapshot) => s.context.token;
const selectPassword = (s: Snapshot) => s.context.password;
const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submit' });
const selectBusy = (s: Snapshot) => s.matches('submitting');
const selectDone = (s: Snapshot) => s.matches('success') || s.matches('done');

export function ResetPasswordScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const form = useActorRef(
    resetPasswordFormMachine.provide({
      actions: {
        notify: (_, toast) => notify(toast),
        navigate: (_, { to }) => navigate(to),
      },
    }),
    { input: { token } },
  );
  const tokenValue = useSelector(form, selectToken);
  const password = useSelector(form, selectPassword);
  const canSubmit = useSelector(form, selectCanSubmit);
  const busy = useSelector(form, selectBusy);
  const done = useSelector(form, selectDone);
  const title = intl.formatMessage({ id: 'auth.reset.title' });
  usePageTitle(title);

  if (done) {
    return (
      <AuthPage title={title}>
        <Flex direction="column" gap="3" data-testid="reset-success">
          <FocusedHeading>{intl.formatMessage({ id: 'auth.reset.successTitle' })}</FocusedHeading>
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'auth.reset.redirecting' })}
          </Text>
          <Button asChild size="3">
            <Link href="/auth/login">{intl.formatMessage({ id: 'auth.register.goToLogin' })}</Link>
          </Button>
        </Flex>
      </AuthPage>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.reset.intro' })}>
      <form onSubmit={submit} aria-label={title}>
        <Flex direction="column" gap="4">
          <AuthField
            id="reset-token"
            label={intl.formatMessage({ id: 'auth.field.resetToken' })}
            autoComplete="off"
            required
            readOnly={busy}
            value={tokenValue}
            onChange={(value) => form.send({ type: 'field.change', field: 'token', value })}
          />
          <AuthField
            id="reset-password"
            label={intl.formatMessage({ id: 'auth.field.newPassword' })}
            type="password"
            autoComplete="new-password"
            hint={intl.formatMessage({ id: 'auth.register.passwordHint' })}
            required
            readOnly={busy}
            value={password}
            onChange={(value) => form.send({ type: 'field.change', field: 'password', value })}
          />
          <Button type="submit" size="3" disabled={!canSubmit} loading={busy}>
            {intl.formatMessage({ id: 'auth.reset.submit' })}
          </Button>
        </Flex>
      </form>
      <Text as="p" size="2" align="center">
        <ThemeLink asChild underline="always">
          <Link href="/auth/forgot">{intl.formatMessage({ id: 'auth.reset.newLink' })}</Link>
        </ThemeLink>
      </Text>
    </AuthPage>
  );
}
