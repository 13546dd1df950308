// The full-text search (/search?q=…): the box, facets, the citation or name the words resolved to
// ("Go to čl. 54 …"), the results grouped by document with each hit's citation and snippet, and
// pages. The flow and the address belong to searchMachine; this renders it and sends events.
import { type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Box, Button, Callout, Flex, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import {
  searchFromQuery,
  searchMachine,
  selectDraft,
  selectError,
  selectPageCount,
  selectResult,
  selectSearch,
  selectStatus,
  SEARCH_PAGE_SIZE,
} from '../../../machines/reader/search.machine';
import { errorMessage } from '../../../i18n/error-message';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { resolutionPath } from '../../../lib/search-address';
import { useAddressMachine } from '../../../lib/use-address-machine';
import { SearchFacets } from './search-facets';
import { SearchGroupCard } from './search-group';
import { ListPager } from '../documents/list-pager';
import { ResolutionCard } from './resolution-card';
import './search.css';

const INPUT_ID = 'search-words';

export function SearchScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useAddressMachine(searchMachine, searchFromQuery, (navigate) => ({
    openResolution: (_: unknown, { resolution }: { resolution: Parameters<typeof resolutionPath>[0] }) =>
      navigate(`~${resolutionPath(resolution)}`),
  }));
  const status = useSelector(actor, selectStatus);
  const draft = useSelector(actor, selectDraft);
  const current = useSelector(actor, selectSearch);
  const result = useSelector(actor, selectResult);
  const error = useSelector(actor, selectError);
  const pageCount = useSelector(actor, selectPageCount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };
  const filtered = [current.jurisdiction, current.type, current.lang, current.version, current.inForce].some(
    (value) => value !== undefined,
  );
  const clearFilters = () =>
    actor.send({
      type: 'filter.set',
      filters: { jurisdiction: undefined, type: undefined, lang: undefined, version: undefined, inForce: undefined },
    });
  const resolved = result?.resolved ?? null;
  const groups = result?.groups ?? [];
  const heading = t('search.page.heading');

  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="1000px" mx="auto" className="search-screen">
      <PageTitle title={current.q ? t('search.page.titleWith', { query: current.q }) : heading} />
      <Heading as="h1" size="7" mb="4">
        {heading}
      </Heading>
      <form onSubmit={submit} role="search" aria-label={heading}>
        <Flex direction="column" gap="1" mb="4">
          <Text as="label" size="2" weight="medium" htmlFor={INPUT_ID}>
            {t('search.page.label')}
          </Text>
          <Flex gap="2">
            <Box flexGrow="1" minWidth="0">
              <TextField.Root
                id={INPUT_ID}
                size="3"
                type="search"
                value={draft}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={resolved ? 'search-resolution-hint' : undefined}
                placeholder={t('search.page.placeholder')}
                onChange={(event) => actor.send({ type: 'search.change', q: event.target.value })}
              >
                <TextField.Slot>
                  <MagnifyingGlassIcon aria-hidden />
                </TextField.Slot>
              </TextField.Root>
            </Box>
            <Button type="submit" size="3">
              {t('search.page.submit')}
            </Button>
          </Flex>
        </Flex>
      </form>

      {status !== 'empty' && (
        <SearchFacets
          filters={current}
          facets={result?.facets}
          onFilter={(filters) => actor.send({ type: 'filter.set', filters })}
          onClear={filtered ? clearFilters : undefined}
        />
      )}

      {status === 'empty' && (
        <Text as="p" color="gray" role="status">
          {t('search.page.prompt')}
        </Text>
      )}
      {status === 'loading' && (
        <Flex direction="column" gap="3" role="status" aria-busy aria-label={t('search.page.loading')}>
          {[0, 1, 2].map((index) => (
            <Box key={index} className="search-group">
              <Skeleton height="22px" mb="2" width="60%" />
              <Skeleton height="16px" mb="2" width="30%" />
              <Skeleton height="40px" />
            </Box>
          ))}
        </Flex>
      )}
      {status === 'failed' && (
        <ErrorCallout retry={{ label: t('search.page.retry'), onClick: () => actor.send({ type: 'search.retry' }) }}>
          <Callout.Text>{t('search.page.failed', { message: errorMessage(intl, error, 'search') })}</Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loaded' && result && (
        <>
          {resolved && <ResolutionCard resolution={resolved} />}
          {groups.length === 0 ? (
            <Box role="status" className="search-nothing">
              <Text as="p" weight="medium" mb="1">
                {t('search.page.nothing', { query: current.q })}
              </Text>
              <Text as="p" size="2" color="gray">
                {t(filtered ? 'search.page.nothingFiltered' : 'search.page.nothingHint')}
              </Text>
              {filtered && (
                <Button variant="soft" mt="2" onClick={clearFilters}>
                  {t('reader.list.clearFilters')}
                </Button>
              )}
            </Box>
          ) : (
            <>
              <Text as="p" size="2" color="gray" mb="2" role="status">
                {t('search.page.count', { count: result.total_documents })}
              </Text>
              <ol className="search-results">
                {groups.map((group) => (
                  <li key={group.document.id}>
                    <SearchGroupCard group={group} />
                  </li>
                ))}
              </ol>
              <ListPager
                page={current.page}
                pageCount={pageCount}
                total={result.total_documents}
                pageSize={SEARCH_PAGE_SIZE}
                onPage={(page) => {
                  actor.send({ type: 'page.set', page });
                  window.scrollTo({ top: 0 });
                }}
              />
            </>
          )}
        </>
      )}
    </Box>
  );
}
