// The document page's pin toggle for a logged-in user (pinned documents lead the quick search).
// Anonymous readers see nothing: pins belong to an account.
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { DrawingPinFilledIcon, DrawingPinIcon } from '@radix-ui/react-icons';
import { useAtomValue } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { errorMessage } from '../../i18n/error-message';
import {
  pinMachine,
  selectCanToggle,
  selectPinError,
  selectPinLoadFailed,
  selectPinned,
} from '../../machines/accounts/pin.machine';

export function PinButton({ documentId }: { documentId: string }) {
  const user = useAtomValue(currentUserAtom);
  if (!user) return null;
  // One machine per user and document: another login starts from that account's state.
  return <PinToggle key={`${user.id}:${documentId}`} documentId={documentId} />;
}

function PinToggle({ documentId }: { documentId: string }) {
  const intl = useIntl();
  const pin = useActorRef(pinMachine, { input: { documentId } });
  const pinned = useSelector(pin, selectPinned);
  const loadFailed = useSelector(pin, selectPinLoadFailed);
  const canToggle = useSelector(pin, selectCanToggle);
  const error = useSelector(pin, selectPinError);

  // The history is a convenience: a failed look-up hides the button instead of shouting.
  if (loadFailed) return null;

  return (
    <Flex align="center" gap="2">
      <Button
        type="button"
        size="1"
        variant={pinned ? 'solid' : 'soft'}
        color={pinned ? 'amber' : 'gray'}
        aria-pressed={pinned}
        title={intl.formatMessage({ id: pinned ? 'pin.unpinHint' : 'pin.pinHint' })}
        disabled={!canToggle}
        onClick={() => pin.send({ type: 'pin.toggle' })}
      >
        {pinned ? <DrawingPinFilledIcon aria-hidden /> : <DrawingPinIcon aria-hidden />}
        {intl.formatMessage({ id: pinned ? 'pin.pinned' : 'pin.pin' })}
      </Button>
      {error && (
        <Text size="1" color="red" role="alert">
          {intl.formatMessage({ id: 'pin.failed' }, { message: errorMessage(intl, error, 'pin') })}
        </Text>
      )}
    </Flex>
  );
}
