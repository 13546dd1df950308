// What a collection's page, or a document inside a collection, shows until it has the collection:
// loading, 'Collection not found' (404: also a collection the reader may not read), 'Invalid
// collection' (400), or 'Failed to load collection' with the reason and a retry button.
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'wouter';
import { Callout, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { ApiError } from '../../../api/client';
import { errorMessage } from '../../../i18n/error-message';
import { ErrorCallout } from '../../../components/status/error-callout';
import { LoadingStatus } from '../../../components/status/loading-status';
import { PageTitle } from '../../../components/shell/page-title';

export type CollectionLoadStatus = 'loading' | 'notFound' | 'invalid' | 'failed';

const TITLES = {
  notFound: 'collections.public.notFound',
  invalid: 'collections.public.invalid',
  failed: 'collections.public.loadFailed',
} as const;

export function CollectionStatus({
  status,
  error,
  onRetry,
}: {
  status: CollectionLoadStatus;
  error?: ApiError;
  onRetry: () => void;
}) {
  const intl = useIntl();
  if (status === 'loading')
    return (
      <>
        <PageTitle />
        <LoadingStatus className="page" label={intl.formatMessage({ id: 'collections.public.loading' })} />
      </>
    );
  const title = intl.formatMessage({ id: TITLES[status] });
  return (
    <Flex direction="column" align="start" gap="3" className="page" data-testid="collection-status">
      <PageTitle title={title} />
      <Heading as="h1" size="7">
        {title}
      </Heading>
      {status === 'failed' ? (
        <ErrorCallout retry={{ label: intl.formatMessage({ id: 'collections.public.retry' }), onClick: onRetry }}>
          <Callout.Text>{errorMessage(intl, error)}</Callout.Text>
        </ErrorCallout>
      ) : (
        <Text as="p" color="gray">
          {intl.formatMessage({
            id: status === 'notFound' ? 'collections.public.notFoundText' : 'collections.public.invalidText',
          })}
        </Text>
      )}
      <Link asChild size="2">
        <RouterLink href="~/collections">{intl.formatMessage({ id: 'collections.public.browse' })}</RouterLink>
      </Link>
    </Flex>
  );
}
