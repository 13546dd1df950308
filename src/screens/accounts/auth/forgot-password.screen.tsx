// Forgotten password (/auth/forgot): the email address to send a reset link to, then a card
// saying the link is on its way and expires in an hour. The flow is the forgot-password-form machine.
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Button, Flex, Link as ThemeLink, Strong, Text } from '@radix-ui/themes';
import { forgotPasswordFormMachine } from '../../../machines/accounts/forgot-password-form.machine';
import { usePageTitle } from '../../../components/shell/use-page-title';
import { AuthField, AuthPage, FocusedHeading, useNotify } from './auth-layout';

type Snapshot = SnapshotFrom<typeof forgotPasswordFormMachine>;
const selectEmail = (s: Snapshot) => s.context.email;
const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submit' });
const selectBusy = (s: Snapshot) => s.matches('submitting');
const selectSentTo = (s: Snapshot) => (s.matches('success') ? (s.context.sentTo ?? '') : undefined);

export function ForgotPasswordScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const form = useActorRef(forgotPasswordFormMachine.provide({ actions: { notify: (_, toast) => notify(toast) } }));
  const email = useSelector(form, selectEmail);
  const canSubmit = useSelector(form, selectCanSubmit);
  const busy = useSelector(form, selectBusy);
  const sentTo = useSelector(form, selectSentTo);
  const title = intl.formatMessage({ id: 'auth.forgot.title' });
  usePageTitle(title);

  const backToLogin = (
    <Text as="p" size="2" align="center">
      <ThemeLink asChild underline="always">
        <Link href="/auth/login">{intl.formatMessage({ id: 'auth.forgot.backToLogin' })}</Link>
      </ThemeLink>
    </Text>
  );

  if (sentTo !== undefined) {
    return (
      <AuthPage title={title}>
        <Flex direction="column" gap="3" data-testid="forgot-success">
          <FocusedHeading>{intl.formatMessage({ id: 'auth.forgot.checkInboxTitle' })}</FocusedHeading>
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'auth.forgot.sentTo' })} <Strong className="auth-email">{sentTo}</Strong>
          </Text>
          <Text as="p" size="2">
            {intl.formatMessage({ id: 'auth.forgot.expires' })}
          </Text>
        </Flex>
        {backToLogin}
      </AuthPage>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };

  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'auth.forgot.intro' })}>
      <form onSubmit={submit} aria-label={title}>
        <Flex direction="column" gap="4">
          <AuthField
            id="forgot-email"
            label={intl.formatMessage({ id: 'auth.field.email' })}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            readOnly={busy}
            value={email}
            onChange={(value) => form.send({ type: 'field.change', field: 'email', value })}
          />
          <Button type="submit" size="3" disabled={!canSubmit} loading={busy}>
            {intl.formatMessage({ id: 'auth.forgot.submit' })}
          </Button>
        </Flex>
      </form>
      {backToLogin}
    </AuthPage>
  );
}
