// Why a call to the official services failed: no network access said plainly (files still
// import), anything else in the reader's language.
import { useIntl } from 'react-intl';
import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import type { ApiError } from '../../api/client';
import { errorMessage } from '../../i18n/error-message';
import { OfflineNotice } from './offline-notice';

export function SourceFailure({
  offline,
  error,
  files,
}: {
  offline: boolean;
  error: ApiError | undefined;
  files: 'below' | 'steps';
}) {
  const intl = useIntl();
  if (offline) return <OfflineNotice files={files} />;
  if (!error) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{errorMessage(intl, error)}</Callout.Text>
    </Callout.Root>
  );
}
