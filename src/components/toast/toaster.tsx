// The one toast region of the app (Radix Toast, mounted once in the shell): shows the queued
// toasts with a title, a description and a close button; errors are announced assertively.
import { useIntl, type IntlShape } from 'react-intl';
import { Toast } from 'radix-ui';
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, CrossCircledIcon } from '@radix-ui/react-icons';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { errorMessage } from '../../i18n/error-message';
import { dismissToastAtom, toastsAtom, type Toast as QueuedToast, type ToastText } from './toast.atoms';
import './toaster.css';

export function formatToastText(intl: IntlShape, text: ToastText): string {
  if ('raw' in text) return text.raw;
  if ('error' in text) return errorMessage(intl, text.error, text.context);
  return intl.formatMessage({ id: text.id }, text.values);
}

export function Toaster() {
  const intl = useIntl();
  const toasts = useAtomValue(toastsAtom);
  return (
    <Toast.Provider swipeDirection="right" label={intl.formatMessage({ id: 'toast.label' })}>
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} />
      ))}
      <Toast.Viewport className="toast-viewport" label={intl.formatMessage({ id: 'toast.region' })} />
    </Toast.Provider>
  );
}

function ToastItem({ toast }: { toast: QueuedToast }) {
  const intl = useIntl();
  const dismiss = useSetAtom(dismissToastAtom);
  const error = toast.variant === 'error';
  const Icon = error ? CrossCircledIcon : CheckCircledIcon;
  return (
    <Toast.Root
      className="toast"
      data-variant={toast.variant}
      duration={toast.duration}
      // Errors interrupt (assertive), confirmations wait their turn (polite).
      type={error ? 'foreground' : 'background'}
      onOpenChange={(open) => !open && dismiss(toast.key)}
    >
      <Flex gap="3" align="start">
        <Text color={error ? 'red' : 'green'} className="toast-icon" aria-hidden>
          <Icon width="18" height="18" />
        </Text>
        <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
          <Toast.Title asChild>
            <Text size="2" weight="bold">
              {formatToastText(intl, toast.title)}
            </Text>
          </Toast.Title>
          {toast.description && (
            <Toast.Description asChild>
              <Text size="2" color="gray" className="toast-description">
                {formatToastText(intl, toast.description)}
              </Text>
            </Toast.Description>
          )}
        </Flex>
        <Toast.Close asChild>
          <IconButton size="1" variant="ghost" color="gray" aria-label={intl.formatMessage({ id: 'toast.close' })}>
            <Cross2Icon />
          </IconButton>
        </Toast.Close>
      </Flex>
    </Toast.Root>
  );
}
