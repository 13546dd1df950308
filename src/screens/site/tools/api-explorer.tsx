// The API Explorer panel: loads swagger-ui on demand and shows it on a light surface, since
// swagger-ui has no dark theme (a light island reads better than a half-working override).
import { lazy, Suspense } from 'react';
import { Box, Callout, Flex, Skeleton, Text, Theme } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { FormattedMessage } from 'react-intl';
import { LoadBoundary } from './load-boundary';

export const OPENAPI_URL = '/v1/openapi.json';

const SwaggerExplorer = lazy(() => import('./swagger-explorer'));

function Loading() {
  return (
    <Flex direction="column" gap="3" p="4" role="status">
      <Text size="2" color="gray">
        <FormattedMessage id="tools.apiExplorer.loading" />
      </Text>
      <Skeleton height="32px" width="40%" />
      <Skeleton height="48px" />
      <Skeleton height="48px" />
      <Skeleton height="48px" />
    </Flex>
  );
}

export function ApiExplorer() {
  return (
    <LoadBoundary
      fallback={(error) => (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="tools.apiExplorer.failed" values={{ message: error.message }} />
          </Callout.Text>
        </Callout.Root>
      )}
    >
      <Theme appearance="light" hasBackground className="api-explorer-surface">
        <Box>
          <Suspense fallback={<Loading />}>
            <SwaggerExplorer url={OPENAPI_URL} />
          </Suspense>
        </Box>
      </Theme>
    </LoadBoundary>
  );
}
