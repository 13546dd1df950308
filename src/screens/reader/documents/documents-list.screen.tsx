// The documents list (/documents): search by law number or title words, facets, sort and pages
// of 50; the machine owns the flow and writes the address (?q=&jurisdiction=&sort=&page=...).
import { type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Box, Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon, ReloadIcon } from '@radix-ui/react-icons';
import {
  documentsListMachine,
  searchFromQuery,
  selectDocuments,
  selectError,
  selectExternalId,
  selectFacets,
  selectFilters,
  selectPage,
  selectPageCount,
  selectQ,
  selectSort,
  selectStatus,
} from '../../../machines/reader/documents-list.machine';
import { errorMessage } from '../../../i18n/error-message';
import { useAddressMachine } from '../../../lib/use-address-machine';
import './documents-list.css';
import { PageTitle } from '../../../components/shell/page-title';
import { ErrorCallout } from '../../../components/status/error-callout';
import { DocumentCard } from './document-card';
import { ListFilters } from './list-filters';
import { ListPager } from './list-pager';

export function DocumentsListScreen() {
  const intl = useIntl();
  const actor = useAddressMachine(documentsListMachine, searchFromQuery);
  const status = useSelector(actor, selectStatus);
  const documents = useSelector(actor, selectDocuments);
  const facets = useSelector(actor, selectFacets);
  const error = useSelector(actor, selectError);
  const externalId = useSelector(actor, selectExternalId);
  const q = useSelector(actor, selectQ);
  const filters = useSelector(actor, selectFilters);
  const sort = useSelector(actor, selectSort);
  const page = useSelector(actor, selectPage);
  const pageCount = useSelector(actor, selectPageCount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };

  return (
    <Box p={{ initial: '3', sm: '5' }} maxWidth="1100px" mx="auto" className="documents-list">
      <PageTitle title={intl.formatMessage({ id: 'reader.list.heading' })} />
      <Heading as="h1" size="7" mb="4">
        {intl.formatMessage({ id: 'reader.list.heading' })}
      </Heading>
      <form onSubmit={submit} role="search">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <SearchField
            id="documents-external-id"
            label={intl.formatMessage({ id: 'reader.list.searchLabel' })}
            placeholder={intl.formatMessage({ id: 'reader.list.searchPlaceholder' })}
            value={externalId}
            onChange={(value) => actor.send({ type: 'search.change', externalId: value })}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </SearchField>
          <SearchField
            id="documents-title"
            label={intl.formatMessage({ id: 'reader.list.titleLabel' })}
            placeholder={intl.formatMessage({ id: 'reader.list.titlePlaceholder' })}
            value={q}
            onChange={(value) => actor.send({ type: 'search.change', q: value })}
          />
          <Flex gap="2">
            <Button type="submit">
              <MagnifyingGlassIcon aria-hidden />
              {intl.formatMessage({ id: 'reader.list.search' })}
            </Button>
            <Button type="button" variant="soft" onClick={() => actor.send({ type: 'search.refresh' })}>
              <ReloadIcon aria-hidden />
              {intl.formatMessage({ id: 'reader.list.refresh' })}
            </Button>
          </Flex>
        </Flex>
      </form>
      <ListFilters
        filters={{
          jurisdiction: filters.jurisdiction,
          jurisdictionNot: filters.jurisdictionNot,
          type: filters.type,
          year: filters.year,
          inForce: filters.inForce,
        }}
        facets={facets}
        sort={sort}
        onFilter={(next) => actor.send({ type: 'filter.set', filters: next })}
        onSort={(next) => actor.send({ type: 'sort.set', sort: next })}
      />

      {status === 'loading' && (
        <Grid
          columns={{ initial: '1', md: '2' }}
          gap="3"
          role="status"
          aria-busy
          aria-label={intl.formatMessage({ id: 'reader.list.loading' })}
        >
          {[0, 1, 2, 3].map((index) => (
            <Card key={index}>
              <Skeleton height="22px" mb="2" />
              <Skeleton height="16px" width="40%" mb="2" />
              <Skeleton height="14px" width="60%" />
            </Card>
          ))}
        </Grid>
      )}
      {status === 'failed' && (
        <ErrorCallout>
          <Callout.Text>
            {intl.formatMessage({ id: 'reader.list.loadFailed' }, { message: errorMessage(intl, error, 'library') })}
          </Callout.Text>
        </ErrorCallout>
      )}
      {status === 'loaded' && documents.length === 0 && (
        <Text as="p" color="gray" role="status">
          {intl.formatMessage({ id: 'reader.list.empty' })}
        </Text>
      )}
      {status === 'loaded' && documents.length > 0 && (
        <>
          <Text as="p" size="2" color="gray" mb="2" role="status">
            {intl.formatMessage({ id: 'reader.list.count' }, { count: facets?.total ?? documents.length })}
          </Text>
          <Grid asChild columns={{ initial: '1', md: '2' }} gap="3">
            <ul className="reader-plain-list">
              {documents.map((item) => (
                <li key={item.id}>
                  <DocumentCard document={item} />
                </li>
              ))}
            </ul>
          </Grid>
          <ListPager
            page={page}
            pageCount={pageCount}
            total={facets?.total ?? documents.length}
            onPage={(next) => {
              actor.send({ type: 'page.set', page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </Box>
  );
}

/** One labelled search box of the form; `children` go inside the box (an icon). */
function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" flexGrow="1" minWidth="200px">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <TextField.Root
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        type="search"
      >
        {children}
      </TextField.Root>
    </Flex>
  );
}
