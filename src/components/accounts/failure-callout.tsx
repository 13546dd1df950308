// The red callout of a failed account change (settings): the catalogue's sentence for the failure
// in the screen's context, then the raw 'Failed: {status} {body}' line the spec asks for.
import { useIntl, type IntlShape } from 'react-intl';
import { Callout } from '@radix-ui/themes';
import { ApiError } from '../../api/client';
import { errorMessage, type ErrorContext } from '../../i18n/error-message';
import { ErrorCallout } from '../status/error-callout';

/** What the server said: its code (and the field it names), or the body of an answer without one. */
export function failureBody(error: ApiError): string {
  if (error.detail === 'http_error') return error.message;
  return error.field ? `${error.detail} (${error.field})` : error.detail;
}

/** The catalogue's sentence, naming the refused field by its label on the form when it has one. */
export function failureSentence(intl: IntlShape, error: ApiError, context: ErrorContext, fieldLabel?: string) {
  const named = fieldLabel
    ? new ApiError(error.status, error.detail, { message: error.message, field: fieldLabel })
    : error;
  return errorMessage(intl, named, context);
}

export function FailureCallout({
  error,
  context,
  fieldLabel,
  title,
}: {
  error: ApiError;
  context: ErrorContext;
  fieldLabel?: string;
  /** A first line naming the step that failed ('Failed to get ETag'). */
  title?: string;
}) {
  const intl = useIntl();
  return (
    <ErrorCallout>
      {title && <Callout.Text weight="bold">{title}</Callout.Text>}
      {/* A code the catalogue does not know has no sentence: the raw line says it all. */}
      {error.detail !== 'http_error' && (
        <Callout.Text>{failureSentence(intl, error, context, fieldLabel)}</Callout.Text>
      )}
      <Callout.Text size="1">
        {intl.formatMessage({ id: 'settings.failed' }, { status: error.status, message: failureBody(error) })}
      </Callout.Text>
    </ErrorCallout>
  );
}
