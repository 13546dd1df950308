// What the four auth screens share: a centred card (at most 420 px) with the page heading, a
// labelled text field with an optional hint, and the hook that lets their machines show toasts.
import { useEffect, useRef, type ReactNode } from 'react';
import { Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useSetAtom } from '../../../atoms/store';
import { showToastAtom } from '../../../components/toast/toast.atoms';
import './auth.css';

export function AuthPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Flex className="auth-page" justify="center">
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

export interface AuthFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  hint?: string;
  required?: boolean;
  /** While the form is being sent: still focusable and readable, not editable. */
  readOnly?: boolean;
  inputMode?: 'email' | 'tel' | 'text';
}

export function AuthField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  hint,
  required,
  readOnly,
  inputMode,
}: AuthFieldProps) {
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
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        readOnly={readOnly}
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

/** The `notify` action every auth machine calls, bound to the app's toast queue. */
export function useNotify() {
  return useSetAtom(showToastAtom);
}

/** A heading that takes focus when it appears, so the result of a form is read out. */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Heading as="h2" size="5" ref={ref} tabIndex={-1} className="auth-result-heading">
      {children}
    </Heading>
  );
}
