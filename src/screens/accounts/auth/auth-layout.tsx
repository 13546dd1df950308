// What the four auth screens share: a centred card (at most 420 px) with the page heading, the
// form with its submit button, fields bound to the form's machine, the footer link, and the hook
// that runs an auth-form machine and raises its toasts.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, Card, Flex, Heading, Link as ThemeLink, Text, TextField } from '@radix-ui/themes';
import { useSetAtom } from '../../../atoms/store';
import { PageTitle } from '../../../components/shell/page-title';
import { showToastAtom } from '../../../components/toast/toast.atoms';
import {
  selectBusy,
  selectCanSubmit,
  selectField,
  selectSucceeded,
  type AuthFormMachine,
} from '../../../machines/accounts/auth-form.machine';
import './auth.css';

export type AuthFormActor<O = unknown> = ActorRefFrom<AuthFormMachine<O>>;

export function AuthPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Flex className="auth-page" justify="center">
      <PageTitle title={title} />
      <Card size="3" className="auth-card">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h1" size="6">
              {title}
            </Heading>
            {intro && (
              <Text as="p" size="2" color="gray">
                {intro}
              </Text>
            )}
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

/** The form of an auth screen: its fields, then the submit button the machine enables. */
export function AuthForm<O>({
  form,
  label,
  submitLabel,
  language,
  children,
}: {
  form: AuthFormActor<O>;
  label: string;
  submitLabel: string;
  /** The interface language, sent along when the call needs it. */
  language?: 'en' | 'cs';
  children: ReactNode;
}) {
  const canSubmit = useSelector(form, selectCanSubmit);
  const busy = useSelector(form, selectBusy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit', language });
  };
  return (
    <form onSubmit={submit} aria-label={label}>
      <Flex direction="column" gap="4">
        {children}
        <Button type="submit" size="3" disabled={!canSubmit} loading={busy}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}

export interface AuthFieldProps<O> {
  form: AuthFormActor<O>;
  /** The machine's field. */
  name: string;
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  hint?: string;
  required?: boolean;
  inputMode?: 'email' | 'tel' | 'text';
  /** The contract's length limit, so typing stops there (names: NAME_MAX_LENGTH). */
  maxLength?: number;
}

/** A labelled text field bound to one field of the form's machine, read-only while it is sent. */
export function AuthField<O>({
  form,
  name,
  id,
  label,
  type = 'text',
  autoComplete,
  hint,
  required,
  inputMode,
  maxLength,
}: AuthFieldProps<O>) {
  const value = useSelector(form, selectField(name));
  // While the form is sent, and after: still focusable and readable, not editable.
  const locked = useSelector(form, (snapshot) => selectBusy(snapshot) || selectSucceeded(snapshot));
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        size="3"
        type={type}
        value={value}
        onChange={(event) => form.send({ type: 'field.change', field: name, value: event.target.value })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        readOnly={locked}
        aria-describedby={hintId}
        spellCheck={false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
      />
      {hint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
    </Flex>
  );
}

/** The email field every auth form starts with. */
export function AuthEmailField<O>({ form, id }: { form: AuthFormActor<O>; id: string }) {
  const intl = useIntl();
  return (
    <AuthField
      form={form}
      name="email"
      id={id}
      label={intl.formatMessage({ id: 'auth.field.email' })}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
    />
  );
}

/** A new password (register, reset), with the rule it must follow as its hint. */
export function AuthNewPasswordField<O>({ form, id, label }: { form: AuthFormActor<O>; id: string; label: string }) {
  const intl = useIntl();
  return (
    <AuthField
      form={form}
      name="password"
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={intl.formatMessage({ id: 'auth.register.passwordHint' })}
      required
    />
  );
}

/** The centred line under a form: an optional lead-in and a link to another auth page. */
export function AuthFooterLink({ lead, href, label }: { lead?: string; href: string; label: string }) {
  return (
    <Text as="p" size="2" align="center">
      {lead && `${lead} `}
      <ThemeLink asChild underline="always">
        <Link href={href}>{label}</Link>
      </ThemeLink>
    </Text>
  );
}

/**
 * Which form: its toasts are `auth.{form}.successTitle` / `successText` / `failedTitle`, and its
 * failures read in the error context of the same name.
 */
export type AuthFormName = 'login' | 'register' | 'forgot' | 'reset';

/**
 * Runs an auth-form machine for a screen: its `navigate` goes to the app's address, and its
 * outcome is raised as a toast (the machine knows no toasts). `onSuccess` hears the call's answer.
 */
export function useAuthForm<O>(
  machine: AuthFormMachine<O>,
  name: AuthFormName,
  options: {
    input?: Record<string, string>;
    /** How long the success toast stays, in ms (else the toast default). */
    successToastMs?: number;
    onSuccess?: (output: O) => void;
    /** Where to go when done instead of the machine's own address (a checked return path). */
    leaveTo?: string | null;
  } = {},
): AuthFormActor<O> {
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const { leaveTo } = options;
  const form = useActorRef(machine.provide({ actions: { navigate: (_, { to }) => navigate(leaveTo ?? to) } }), {
    input: options.input,
  });
  // The latest callback, without subscribing again on every render.
  const onSuccess = useRef(options.onSuccess);
  useEffect(() => {
    onSuccess.current = options.onSuccess;
  });
  const { successToastMs } = options;
  useEffect(() => {
    const subscriptions = [
      form.on('form.succeeded', ({ output }) => {
        onSuccess.current?.(output);
        showToast({
          variant: 'success',
          title: { id: `auth.${name}.successTitle` },
          description: { id: `auth.${name}.successText` },
          ...(successToastMs === undefined ? {} : { duration: successToastMs }),
        });
      }),
      form.on('form.failed', ({ error }) =>
        showToast({
          variant: 'error',
          title: { id: `auth.${name}.failedTitle` },
          description: { error, context: name },
        }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, showToast, name, successToastMs]);
  return form;
}

/** What an auth screen shows once its form is done: a heading that takes focus, then what comes next. */
export function AuthResult({ testId, heading, children }: { testId: string; heading: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="3" data-testid={testId}>
      <FocusedHeading>{heading}</FocusedHeading>
      {children}
    </Flex>
  );
}

/** The button that ends the register and reset flows: on to the login page. */
export function GoToLoginButton() {
  const intl = useIntl();
  return (
    <Button asChild size="3">
      <Link href="/auth/login">{intl.formatMessage({ id: 'auth.register.goToLogin' })}</Link>
    </Button>
  );
}

/** A heading that takes focus when it appears, so the result of a form is read out. */
function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Heading as="h2" size="5" ref={ref} tabIndex={-1} className="auth-result-heading">
      {children}
    </Heading>
  );
}
