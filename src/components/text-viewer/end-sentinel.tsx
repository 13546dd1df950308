// The footer of the text list: a sentinel that asks for the next page when half visible, and
// the page loading, failure and end states.
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Skeleton, Text } from '@radix-ui/themes';
import type { ApiError } from '../../api/client';
import { errorMessage } from '../../i18n/error-message';
import type { PageState } from '../../machines/reader/text-loading.machine';

export interface ListFooterContext {
  pageState: PageState;
  pageError?: ApiError;
  onVisible: () => void;
  onRetry: () => void;
}

export function EndSentinel({ context }: { context?: ListFooterContext }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const onVisible = useRef(context?.onVisible);
  onVisible.current = context?.onVisible;

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible.current?.();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box pt="2" pb="4" px="1">
      <div ref={ref} className="text-viewer-sentinel" aria-hidden />
      {context?.pageState === 'loading' && (
        <Box aria-busy>
          <Skeleton height="16px" mb="2" />
          <Skeleton height="16px" width="50%" />
        </Box>
      )}
      {context?.pageState === 'failed' && (
        <Flex align="center" gap="2" role="alert">
          <Text size="2" color="red">
            {intl.formatMessage(
              { id: 'reader.text.pageError' },
              { message: errorMessage(intl, context.pageError, 'fragments') },
            )}
          </Text>
          <Button size="1" variant="soft" onClick={context.onRetry}>
            {intl.formatMessage({ id: 'reader.retry' })}
          </Button>
        </Flex>
      )}
      {context?.pageState === 'done' && (
        <Text size="1" color="gray" align="center" as="p">
          {intl.formatMessage({ id: 'reader.text.end' })}
        </Text>
      )}
    </Box>
  );
}
