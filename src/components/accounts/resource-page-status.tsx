// What a page that loads one resource (a user, an organization) shows until it has it: the
// loading status, the not-found page, or the failure with a retry button. Catalogue ids per page.
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { errorMessage, type ErrorContext } from '../../i18n/error-message';
import {
  selectLoading,
  selectNotFound,
  selectPageError,
  type ResourcePageActor,
} from '../../machines/resource-page.machine';
import { ErrorCallout } from '../status/error-callout';
import { LoadingStatus } from '../status/loading-status';

export interface ResourcePageTexts {
  /** Catalogue ids; `notFoundText` takes {name}, `error` takes {message}. */
  loading: string;
  notFound: string;
  notFoundText: string;
  error: string;
  retry: string;
}

export function ResourcePageStatus<T>({
  page,
  name,
  heading,
  texts,
  context,
}: {
  page: ResourcePageActor<T>;
  /** The key as the reader typed it (handle, slug). */
  name: string;
  /** The heading over a failure. */
  heading: string;
  texts: ResourcePageTexts;
  context: ErrorContext;
}) {
  const intl = useIntl();
  const loading = useSelector(page, selectLoading);
  const notFound = useSelector(page, selectNotFound);
  const error = useSelector(page, selectPageError);

  if (loading) return <LoadingStatus className="page" label={intl.formatMessage({ id: texts.loading })} />;
  return (
    <Flex direction="column" align="start" gap="3" className="page">
      <Heading as="h1" size="7">
        {notFound ? intl.formatMessage({ id: texts.notFound }) : heading}
      </Heading>
      {notFound ? (
        <Text as="p" color="gray">
          {intl.formatMessage({ id: texts.notFoundText }, { name })}
        </Text>
      ) : (
        <ErrorCallout
          retry={{ label: intl.formatMessage({ id: texts.retry }), onClick: () => page.send({ type: 'page.retry' }) }}
        >
          <Callout.Text>
            {intl.formatMessage({ id: texts.error }, { message: error ? errorMessage(intl, error, context) : '' })}
          </Callout.Text>
        </ErrorCallout>
      )}
    </Flex>
  );
}
