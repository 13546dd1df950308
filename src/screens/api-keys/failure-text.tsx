// A failed call as the catalogue's sentence for its code (errors.{code}), in the alert callout.
import { useIntl } from 'react-intl';
import { Callout } from '@radix-ui/themes';
import type { ApiError } from '../../api/client';
import { ErrorCallout } from '../../components/status/error-callout';
import { errorMessage } from '../../i18n/error-message';

export function FailureText({ error }: { error: ApiError }) {
  const intl = useIntl();
  return (
    <ErrorCallout>
      <Callout.Text>{errorMessage(intl, error)}</Callout.Text>
    </ErrorCallout>
  );
}
