// The red alert callout that says an action or a load failed: one look and one role ("alert",
// read out at once) for every form and list. The caller gives the texts; with `retry` it also
// shows the button that tries again.
import type { ComponentProps } from 'react';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';

type Props = Omit<ComponentProps<typeof Callout.Root>, 'color' | 'role'> & {
  retry?: { label: string; onClick: () => void };
};

export function ErrorCallout({ children, retry, ...props }: Props) {
  return (
    <Callout.Root color="red" role="alert" {...props}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      {children}
      {retry && (
        <Flex>
          <Button size="1" variant="soft" color="red" onClick={retry.onClick}>
            {retry.label}
          </Button>
        </Flex>
      )}
    </Callout.Root>
  );
}
