// Pages of the list: previous, "Page 2 of 5", next, and which documents this page shows.
import { useIntl } from 'react-intl';
import { Button, Flex, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { PAGE_SIZE } from '../../../machines/reader/documents-list.machine';

export function ListPager({
  page,
  pageCount,
  total,
  onPage,
  pageSize = PAGE_SIZE,
}: {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
  /** Items a page holds (the documents list's 50 unless told). */
  pageSize?: number;
}) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  return (
    <Flex asChild gap="3" align="center" justify="center" wrap="wrap" mt="4">
      <nav aria-label={intl.formatMessage({ id: 'reader.list.pages' })}>
        <Button variant="soft" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          {intl.formatMessage({ id: 'reader.list.previous' })}
        </Button>
        <Text size="2" aria-current="page">
          {intl.formatMessage({ id: 'reader.list.page' }, { page: page + 1, pages: pageCount })}
        </Text>
        <Button variant="soft" disabled={page >= pageCount - 1} onClick={() => onPage(page + 1)}>
          {intl.formatMessage({ id: 'reader.list.next' })}
          <ChevronRightIcon aria-hidden />
        </Button>
        <Text size="1" color="gray">
          {intl.formatMessage(
            { id: 'reader.list.range' },
            { from: page * pageSize + 1, to: Math.min(total, (page + 1) * pageSize), total },
          )}
        </Text>
      </nav>
    </Flex>
  );
}
