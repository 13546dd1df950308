// Keeps a failure inside the part of the page that failed: a screen (or the shell's content, or
// the Copilot) that throws while rendering shows a message with "Try again" and a link home, while
// the header, the navigation and the rest of the app keep working.
import { Component, type ComponentProps, type ReactNode } from 'react';
import { Button, Callout, Flex, Link as ThemeLink } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change (the address) clears the failure: the next page gets a fresh try. */
  resetKey?: string;
  /** What to show instead; the part's failure message by default. */
  fallback?: (retry: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.retry) : <PartFailed onRetry={this.retry} />;
  }
}

function PartFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <FailureCallout messageId="shell.failed.message" m="4" data-testid="part-failed">
      <Button size="1" variant="soft" color="red" onClick={onRetry}>
        <FormattedMessage id="shell.failed.retry" />
      </Button>
      <ThemeLink asChild size="2">
        <Link href="/">
          <FormattedMessage id="shell.failed.home" />
        </Link>
      </ThemeLink>
    </FailureCallout>
  );
}

/** A part's failure as an alert: the catalogue message, then what the reader can do (the children). */
export function FailureCallout({
  messageId,
  children,
  ...props
}: { messageId: string; children: ReactNode } & ComponentProps<typeof Callout.Root>) {
  return (
    <Callout.Root color="red" role="alert" {...props}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        <FormattedMessage id={messageId} />
      </Callout.Text>
      <Flex gap="3" align="center" wrap="wrap">
        {children}
      </Flex>
    </Callout.Root>
  );
}
