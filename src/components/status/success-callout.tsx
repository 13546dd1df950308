// The green status callout that confirms an action. highContrast is deliberate: green text on
// the soft green background is below the WCAG contrast ratio without it.
import type { ComponentProps } from 'react';
import { Callout } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';

type Props = Omit<ComponentProps<typeof Callout.Root>, 'color' | 'role' | 'highContrast'>;

export function SuccessCallout({ children, ...props }: Props) {
  return (
    <Callout.Root color="green" highContrast role="status" {...props}>
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      {children}
    </Callout.Root>
  );
}
